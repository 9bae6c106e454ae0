import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { Logo } from '../../../components/logo';
import { useLogin } from '../api/use-login';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../../contracts/limits';

/** Where to go after signing in: a scanned label's lookup (its /s/ address), else the dashboard. */
function nextPath(state: unknown): string {
  const next = (state as { next?: unknown } | null)?.next;
  return typeof next === 'string' && next.startsWith('/scan?code=') ? next : '/dashboard';
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      ...(email.trim() ? [] : ['Email is required.']),
      ...(password ? [] : ['Password is required.']),
    ];
    if (missing.length > 0) {
      setErrors(missing);
      return;
    }
    setErrors([]);
    login.mutate(
      { email, password },
      {
        onSuccess: () => navigate(nextPath(location.state), { replace: true }),
        onError: (error) => {
          // Below 500 the server's own list is shown; a 5xx gets the generic sentence.
          if (error instanceof ApiError && error.status > 0 && error.status < 500)
            setErrors(error.errors);
          else setErrors(['An error occurred. Please try again.']);
        },
      },
    );
  };

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <h1 className="mb-6 text-center text-2xl font-bold">Sign in to your account</h1>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <label className="block">
            <span className="text-sm font-medium">Email</span>
            <input
              type="email"
              autoComplete="username"
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Password</span>
            <input
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          {errors.length > 0 && (
            <ul role="alert" className="space-y-1 rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
          <button
            type="submit"
            disabled={login.isPending}
            className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <p className="mt-6 text-center">
          <Link to="/" className="text-sm text-brand-700 underline">
            Back to Landing Page
          </Link>
        </p>
      </div>
    </main>
  );
}
