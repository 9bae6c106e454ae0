import type { LabelFormat } from '../contracts/labels';

/** PDF points: 72 to the inch. */
const inch = (value: number) => value * 72;
const mm = (value: number) => (value * 72) / 25.4;

/** One label stock: the page, and a grid of equal labels on it (a roll label is a 1 x 1 grid). */
export interface LabelSheet {
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  /** Distance from the page's left and top edges to the first label. */
  left: number;
  top: number;
  /** Distance from one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
}

const rollLabel = (width: number, height: number): LabelSheet => ({
  pageWidth: width,
  pageHeight: height,
  labelWidth: width,
  labelHeight: height,
  columns: 1,
  rows: 1,
  left: 0,
  top: 0,
  pitchX: width,
  pitchY: height,
});

// Sheet geometry from the manufacturer's templates: Avery 5163 (Letter, 2 x 5 labels of
// 4 x 2 in, 0.5 in top margin, 0.15625 in side margin, 0.1875 in gutter) and Avery L7163 (A4,
// 2 x 7 labels of 99.1 x 38.1 mm, 15.15 mm top margin, 4.65 mm side margin, 2.5 mm gutter).
export const labelSheets: Record<LabelFormat, LabelSheet> = {
  'thermal-4x6': rollLabel(inch(4), inch(6)),
  'small-2x1': rollLabel(inch(2), inch(1)),
  'letter-5163': {
    pageWidth: inch(8.5),
    pageHeight: inch(11),
    labelWidth: inch(4),
    labelHeight: inch(2),
    columns: 2,
    rows: 5,
    left: inch(0.15625),
    top: inch(0.5),
    pitchX: inch(4.1875),
    pitchY: inch(2),
  },
  'a4-l7163': {
    pageWidth: mm(210),
    pageHeight: mm(297),
    labelWidth: mm(99.1),
    labelHeight: mm(38.1),
    columns: 2,
    rows: 7,
    left: mm(4.65),
    top: mm(15.15),
    pitchX: mm(101.6),
    pitchY: mm(38.1),
  },
};

export const labelsPerPage = (sheet: LabelSheet) => sheet.columns * sheet.rows;

/** Where label number `index` (0-based) goes: its page, and its box measured from the top left. */
export function labelBox(sheet: LabelSheet, index: number) {
  const perPage = labelsPerPage(sheet);
  const slot = index % perPage;
  const column = slot % sheet.columns;
  const row = Math.floor(slot / sheet.columns);
  return {
    page: Math.floor(index / perPage),
    x: sheet.left + column * sheet.pitchX,
    y: sheet.top + row * sheet.pitchY,
    width: sheet.labelWidth,
    height: sheet.labelHeight,
  };
}
