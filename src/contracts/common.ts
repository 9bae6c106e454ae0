import { z } from 'zod';
import { NUMBER_INPUT_MAX } from './limits';

export const idSchema = z.uuid({ error: 'must be a valid id' });
export const idParamsSchema = z.object({ id: idSchema });
export const emptySchema = z.object({});
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A number that may arrive as JSON or as a form-data string. Says "is required" when absent
 * and "must be a number" when present but not one, which plain coercion cannot tell apart.
 * Only numbers and numeric strings are converted: `Number()` on an array or object calls its
 * `toString`, which recurses through nesting and overflows the stack on a deep array.
 */
export const numberInput = (label: string) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
        ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      } else if (
        (typeof value !== 'number' && typeof value !== 'string') ||
        !Number.isFinite(Number(value))
      ) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
      } else if (Math.abs(Number(value)) > NUMBER_INPUT_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be between -${NUMBER_INPUT_MAX.toLocaleString('en')} and ${NUMBER_INPUT_MAX.toLocaleString('en')}.`,
        });
      }
    })
    .transform((value) => Number(value))
    .pipe(z.number());

export const wholeNumberInput = (label: string) =>
  numberInput(label).pipe(z.number().int(`${label} must be a whole number.`));
