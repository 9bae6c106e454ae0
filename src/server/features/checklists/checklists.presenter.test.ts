import { describe, expect, it } from 'vitest';
import { presentChecklist, presentLinkedChecklist } from './checklists.presenter';
import type { ChecklistRow, ImageRow } from './checklists.repository';

// The presenter only copies ids, so labels stand in for them whatever the id type is.
const fakeId = (label: string) => label as unknown as ChecklistRow['id'];

const row: ChecklistRow = {
  id: fakeId('checklist-1'),
  companyId: fakeId('company-1'),
  warehouseId: fakeId('warehouse-1'),
  description: 'Morning round',
  isActive: true,
  tasks: [{ text: 'Sweep', completed: false, completed_by: '', reason: '', completed_at: null }],
  filledOutBy: '',
  note: '',
  createdAt: new Date('2026-11-22T08:00:00Z'),
  fillToken: 'secret-token-of-22-chr',
  warehouseName: 'Warehouse 1',
  warehouseSlug: 'warehouse-1',
};
const image: ImageRow = {
  id: fakeId('image-1'),
  companyId: fakeId('company-1'),
  checklistId: fakeId('checklist-1'),
  fileName: 'gate.png',
  storageKey: 'key',
  contentType: 'image/png',
  sizeBytes: 1,
  createdAt: new Date('2026-11-22T08:05:00Z'),
};

describe('presentLinkedChecklist', () => {
  it('gives a token link the list to fill and its images under the token, and no ids', () => {
    const linked = presentLinkedChecklist(row, [image], row.fillToken);
    expect(Object.keys(linked)).not.toEqual(expect.arrayContaining(['id']));
    expect(linked).not.toHaveProperty('warehouse_id');
    expect(linked).not.toHaveProperty('warehouse_slug');
    expect(JSON.stringify(linked)).not.toContain('company-1');
    expect(linked.images[0]?.url).toBe('/api/checklists/t/secret-token-of-22-chr/images/image-1');
  });

  it('gives staff the token link to print', () => {
    expect(presentChecklist(row, [image])).toMatchObject({
      fill_path: '/c/secret-token-of-22-chr',
      short_fill_path: '/warehouse-1-checklist',
    });
  });
});
