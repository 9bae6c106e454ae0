import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';

/** The label stock Vaultgrid prints on; geometry per format lives in src/domain/label-sheets. */
export const labelFormats = ['thermal-4x6', 'small-2x1', 'letter-5163', 'a4-l7163'] as const;
export const labelFormatSchema = z.enum(labelFormats, {
  error: `Format must be one of ${labelFormats.join(', ')}.`,
});
export type LabelFormat = z.infer<typeof labelFormatSchema>;

export const labelFormatNames: Record<LabelFormat, string> = {
  'thermal-4x6': '4 x 6 in thermal label',
  'small-2x1': '2 x 1 in small label',
  'letter-5163': 'US Letter sheet, 2 x 4 in (Avery 5163, 10 per sheet)',
  'a4-l7163': 'A4 sheet, 99.1 x 38.1 mm (Avery L7163, 14 per sheet)',
};

/** One PDF holds at most this many labels: a large warehouse prints its fields in parts. */
export const LABELS_PER_PDF_MAX = 5000;

const idList = (label: string) =>
  z
    .array(idInput(`${label} ids must be positive whole numbers.`), {
      error: `${label} ids must be a list.`,
    })
    .min(1, `Choose at least one ${label.toLowerCase()}.`)
    .max(LABELS_PER_PDF_MAX, `At most ${LABELS_PER_PDF_MAX} labels fit in one PDF.`);

/** What to print labels for: vaults (chosen, or those of a field, customer or order) or fields. */
const labelTargetSchema = z.discriminatedUnion(
  'of',
  [
    z.object({ of: z.literal('vaults'), vaultIds: idList('Vault') }),
    z.object({ of: z.literal('field-vaults'), fieldId: idInput('Field id must be a valid id.') }),
    z.object({
      of: z.literal('customer-vaults'),
      customerId: idInput('Customer id must be a valid id.'),
    }),
    z.object({ of: z.literal('order-vaults'), orderId: idInput('Order id must be a valid id.') }),
    z.object({ of: z.literal('fields'), fieldIds: idList('Field') }),
    z.object({
      of: z.literal('warehouse-fields'),
      warehouseId: idInput('Warehouse id must be a valid id.'),
    }),
  ],
  {
    error:
      'Say what to print: of must be vaults, field-vaults, customer-vaults, order-vaults, fields or warehouse-fields.',
  },
);
export type LabelTarget = z.infer<typeof labelTargetSchema>;

const printLabelsBodySchema = z.intersection(
  z.object({ format: labelFormatSchema }),
  labelTargetSchema,
);
export type PrintLabelsBody = z.infer<typeof printLabelsBodySchema>;

/** Not JSON: answers `application/pdf`, one label per vault or field, at the format's exact size. */
export const printLabels = defineEndpoint({
  method: 'POST',
  path: '/api/labels',
  summary:
    'Label PDF (application/pdf) for vaults or fields, each with a QR code of its /s/{code} address.',
  tag: 'labels',
  access: 'session',
  body: printLabelsBodySchema,
  download: { contentTypes: ['application/pdf'] },
  response: z.unknown(),
});
