export function StagePage() {
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Stage</h1>
    </div>
  );
}
