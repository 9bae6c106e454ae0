import { z } from 'zod';
import { NUMBER_INPUT_MAX } from './limits';

/**
 * An entity id as the API sends it: a positive integer, a JSON number (decision 0009).
 * `z.int()` also caps it at 2^53 - 1, so every id survives a round trip through JavaScript.
 */
export const idSchema = z.int().positive();

/**
 * An id as a caller may send it: a JSON number, or the decimal string that a path segment,
 * a query string or a form field carries ("12"). Anything else (`abc`, `1.5`, `-3`, `0`, a
 * uuid, a number beyond 2^53) fails with `message`.
 */
export const idInput = (message = 'An id must be a positive whole number.') =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[1-9][0-9]{0,15}$/)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(z.int({ error: message }).positive({ error: message }));

export const idParamsSchema = z.object({ id: idInput() });
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

/**
 * A value that stands for "not sent" in a form: `''` from a cleared input, `'undefined'` from a
 * client that writes its missing count into form data as `String(undefined)` (the reference
 * client does both). The field then keeps its current value instead of being refused.
 */
export const blankAsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === 'undefined' ? undefined : v), schema.optional());
