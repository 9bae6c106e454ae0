export function ChecklistsAdminPage() {
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Warehouse Checklists Page</h1>
    </div>
  );
}
