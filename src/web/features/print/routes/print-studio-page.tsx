export function PrintStudioPage() {
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Print Studio</h1>
    </div>
  );
}
