import { describe, expect, it } from 'vitest';
import { labelFormats } from '../contracts/labels';
import { labelBox, labelSheets, labelsPerPage } from './label-sheets';

describe('label sheets', () => {
  it('place Avery 5163 labels at the template positions on US Letter', () => {
    const sheet = labelSheets['letter-5163'];
    expect([sheet.pageWidth, sheet.pageHeight]).toEqual([612, 792]);
    expect(labelsPerPage(sheet)).toBe(10);
    expect(labelBox(sheet, 0)).toEqual({ page: 0, x: 11.25, y: 36, width: 288, height: 144 });
    expect(labelBox(sheet, 1)).toMatchObject({ page: 0, x: 312.75, y: 36 });
    expect(labelBox(sheet, 9)).toMatchObject({ page: 0, x: 312.75, y: 612 });
    expect(labelBox(sheet, 10)).toMatchObject({ page: 1, x: 11.25, y: 36 });
  });

  it('place Avery L7163 labels at the template positions on A4', () => {
    const sheet = labelSheets['a4-l7163'];
    expect(sheet.pageWidth).toBeCloseTo(595.28, 2);
    expect(sheet.pageHeight).toBeCloseTo(841.89, 2);
    expect(labelsPerPage(sheet)).toBe(14);
    const last = labelBox(sheet, 13);
    expect(last.x).toBeCloseTo((4.65 + 101.6) * (72 / 25.4), 6);
    expect(last.y).toBeCloseTo((15.15 + 6 * 38.1) * (72 / 25.4), 6);
  });

  it('keep every label of every format inside its page', () => {
    for (const format of labelFormats) {
      const sheet = labelSheets[format];
      const box = labelBox(sheet, labelsPerPage(sheet) - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(sheet.pageWidth + 1e-9);
      expect(box.y + box.height).toBeLessThanOrEqual(sheet.pageHeight + 1e-9);
      expect(box.page).toBe(0);
    }
  });
});
