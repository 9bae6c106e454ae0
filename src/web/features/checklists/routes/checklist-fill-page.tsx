import { warehouseNameFromChecklistPath } from '../../../../domain/slug';

export function ChecklistFillPage({ checklistPath }: { companySlug?: string; checklistPath: string }) {
  return (
    <main className="mx-auto max-w-lg p-4">
      <h1 className="text-2xl font-bold capitalize">{warehouseNameFromChecklistPath(checklistPath)} checklist</h1>
    </main>
  );
}
