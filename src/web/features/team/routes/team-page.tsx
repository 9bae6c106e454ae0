import { useState, type FormEvent } from 'react';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../../contracts/limits';
import { Spinner } from '../../../components/spinner';
import { useAddTeamMember, useTeam } from '../api/use-team';
import { ErrorAlert } from '../../../components/error-alert';

export function TeamPage() {
  const team = useTeam();
  const add = useAddTeamMember();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { email, password },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-bold">Team</h1>
      <section className="mb-8 rounded-2xl bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-lg font-semibold">Add a colleague</h2>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <label className="block">
            <span className="text-sm font-medium">Email</span>
            <input
              type="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Initial password</span>
            <input
              type="text"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <button
            type="submit"
            disabled={add.isPending}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            {add.isPending ? 'Adding...' : 'Add'}
          </button>
        </form>
        <ErrorAlert error={add.error} className="mt-3" />
        {add.isSuccess && (
          <p role="status" className="mt-3 text-sm text-green-700">
            {add.data.email} can now sign in.
          </p>
        )}
      </section>
      {team.isPending ? (
        <Spinner label="Loading team" />
      ) : (
        <ul
          aria-label="Team members"
          className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm"
        >
          {team.data?.map((m) => (
            <li key={m.id} className="px-6 py-3">
              {m.email}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
