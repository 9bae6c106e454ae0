import { useState, type FormEvent } from 'react';
import { addTeamMemberBodySchema } from '../../../../contracts/team';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../../contracts/limits';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../auth/api/use-session';
import { useAddTeamMember, useRemoveTeamMember, useTeam } from '../api/use-team';
import { ErrorAlert } from '../../../components/error-alert';
import { ResetPasswordDialog } from '../components/reset-password-dialog';

interface Member {
  id: number;
  email: string;
  isSelf: boolean;
}

export function TeamPage() {
  const team = useTeam();
  const session = useSession();
  const add = useAddTeamMember();
  const remove = useRemoveTeamMember();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [toReset, setToReset] = useState<Member | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const selfId = session.data?.id;
  const members: Member[] = (team.data ?? []).map((m) => ({ ...m, isSelf: m.id === selfId }));

  // The form checks with the server's own schema, so a refusal reads the same either way and
  // never leaves the browser's silent tooltip as the only word.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = addTeamMemberBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the email and password.');
      return;
    }
    setProblem(null);
    add.mutate(
      { email, password },
      {
        onSuccess: (created) => {
          setEmail('');
          setPassword('');
          setDone(`${created.email} can now sign in.`);
        },
      },
    );
  };

  const closeRemove = () => {
    remove.reset();
    setToRemove(null);
  };

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-bold">Team</h1>
      <section className="mb-8 rounded-2xl bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-lg font-semibold">Add a colleague</h2>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <label className="block">
            <span className="text-sm font-medium">Email</span>
            <input
              type="email"
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
        <ErrorAlert message={problem} error={add.error} className="mt-3" />
      </section>
      {done && (
        <p role="status" className="mb-4 text-sm text-green-700">
          {done}
        </p>
      )}
      {team.isPending ? (
        <Spinner label="Loading team" />
      ) : (
        <ul
          aria-label="Team members"
          className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm"
        >
          {members.map((m) => (
            <li
              key={m.id}
              aria-label={m.email}
              className="flex flex-wrap items-center justify-between gap-2 px-6 py-3"
            >
              <span className="min-w-0 break-all">
                {m.email}
                {m.isSelf && <span className="ml-2 text-sm text-slate-600">(you)</span>}
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  onClick={() => {
                    setDone(null);
                    setToReset(m);
                  }}
                  className="min-h-11 rounded-lg border border-slate-400 px-3 py-1 text-sm"
                >
                  Reset password
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setDone(null);
                    setToRemove(m);
                  }}
                  className="min-h-11 rounded-lg border border-red-700 px-3 py-1 text-sm text-red-800"
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove User"
        message={
          toRemove?.isSelf
            ? 'Are you sure you want to remove yourself? You are signed out at once and can no longer sign in.'
            : `Are you sure you want to remove ${toRemove?.email ?? ''}? They are signed out at once and can no longer sign in.`
        }
        confirmLabel="Yes, remove"
        tone="danger"
        isBusy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={closeRemove}
        onConfirm={() => {
          if (!toRemove) return;
          const removed = toRemove;
          remove.mutate(removed, {
            onSuccess: () => {
              setToRemove(null);
              setDone(`${removed.email} was removed and signed out.`);
            },
          });
        }}
      />
      {toReset && (
        <ResetPasswordDialog
          member={toReset}
          onClose={() => setToReset(null)}
          onDone={(message) => {
            setToReset(null);
            setDone(message);
          }}
        />
      )}
    </div>
  );
}
