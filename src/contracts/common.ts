import { z } from 'zod';

export const idSchema = z.uuid({ error: 'must be a valid id' });
export const idParamsSchema = z.object({ id: idSchema });
export const emptySchema = z.object({});
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A number that may arrive as JSON or as a form-data string. Says "is required" when absent
 * and "must be a number" when present but not one, which plain coercion cannot tell apart.
 */
export const numberInput = (label: string) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      } else if (
        !Number.isFinite(Number(value)) ||
        typeof value === 'boolean' ||
        Array.isArray(value)
      ) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
      }
    })
    .transform((value) => Number(value))
    .pipe(z.number());

export const wholeNumberInput = (label: string) =>
  numberInput(label).pipe(z.number().int(`${label} must be a whole number.`));

/**
 * A value that stands for "not sent" in a form: `''` from a cleared input, `'undefined'` from a
 * client that writes its missing count into form data as `String(undefined)` (the reference
 * client does both). The field then keeps its current value instead of being refused.
 */
export const blankAsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === 'undefined' ? undefined : v), schema.optional());
