import { useState, type FormEvent } from 'react';
import { addTeamMemberBodySchema } from '../../../../contracts/team';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../../contracts/limits';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../auth/api/use-session';
import { useAddTeamMember, useChangeRole, useRemoveTeamMember, useTeam } from '../api/use-team';
import { DEFAULT_ROLE, ROLE_LABELS, ROLE_WORK, ROLES, type Role } from '../../../../domain/roles';
import { ErrorAlert } from '../../../components/error-alert';
import { ResetPasswordDialog } from '../components/reset-password-dialog';

interface Member {
  id: number;
  email: string;
  role: Role;
  isSelf: boolean;
}

/** A role picker with each role's work in its label, so the choice needs no manual. */
function RoleSelect({
  value,
  onChange,
  label,
  disabled = false,
}: {
  value: Role;
  onChange: (role: Role) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
      className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}: {ROLE_WORK[r]}
        </option>
      ))}
    </select>
  );
}

export function TeamPage() {
  const team = useTeam();
  const session = useSession();
  const add = useAddTeamMember();
  const remove = useRemoveTeamMember();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_ROLE);
  const changeRole = useChangeRole();
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
    const parsed = addTeamMemberBodySchema.safeParse({ email, password, role });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the email and password.');
      return;
    }
    setProblem(null);
    add.mutate(
      { email, password, role },
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
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
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
          <label className="block">
            <span className="text-sm font-medium">Role</span>
            <span className="mt-1 block">
              <RoleSelect value={role} onChange={setRole} label="Role" />
            </span>
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
        <ErrorAlert error={changeRole.error} className="mt-3" />
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
              <span className="flex flex-wrap gap-2">
                <RoleSelect
                  value={m.role}
                  label={`Role of ${m.email}`}
                  disabled={changeRole.isPending}
                  onChange={(next) => {
                    setDone(null);
                    changeRole.mutate(
                      { id: m.id, role: next },
                      { onSuccess: () => setDone(`${m.email} is now ${ROLE_LABELS[next]}.`) },
                    );
                  }}
                />
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
