export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex justify-center p-8">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700" />
    </div>
  );
}
