/**
 * Says a dialog's target changed under it while it was open (live updates, decision 0030):
 * announced at once (role alert), amber, so the user reads it before confirming.
 */
export function ChangedWarning({
  message,
  className = '',
}: {
  message: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900 ${className}`}
    >
      {message}
    </p>
  );
}
