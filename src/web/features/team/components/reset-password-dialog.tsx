import { useState, type FormEvent } from 'react';
import { resetPasswordBodySchema } from '../../../../contracts/team';
import { PASSWORD_MAX_LENGTH } from '../../../../contracts/limits';
import { ModalDialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/error-alert';
import { TextField } from '../../../components/text-field';
import { useResetTeamPassword } from '../api/use-team';

interface ResetPasswordDialogProps {
  member: { id: number; email: string; isSelf: boolean };
  onDone: (message: string) => void;
  onClose: () => void;
}

/** A new password for a colleague; the same rules, and words, as the server's. */
export function ResetPasswordDialog({ member, onDone, onClose }: ResetPasswordDialogProps) {
  const reset = useResetTeamPassword();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the password.');
      return;
    }
    setProblem(null);
    reset.mutate(
      { id: member.id, password },
      {
        onSuccess: () =>
          onDone(
            member.isSelf
              ? 'Your password was changed; your other sessions were signed out.'
              : `${member.email} has a new password and was signed out everywhere.`,
          ),
      },
    );
  };

  return (
    <ModalDialog
      title="Reset Password"
      description={`A new password for ${member.email}.`}
      width="md"
      onClose={onClose}
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
        <TextField
          label="New password"
          type="text"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          error={problem}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorAlert error={reset.error} />
        <DialogActions
          submitLabel={reset.isPending ? 'Saving...' : 'Set password'}
          isBusy={reset.isPending}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
