import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema } from './common';
import { getVault } from './vaults';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed from a label survives. */
export const SCAN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SCAN_CODE_LENGTH = 10;
export const SCAN_CODE_PATTERN = new RegExp(`^[${SCAN_CODE_ALPHABET}]{${SCAN_CODE_LENGTH}}$`);

/** What a label's QR code holds: an address of this installation and nothing else. */
export const scanCodeUrl = (origin: string, code: string) => `${origin}/s/${code}`;

const scanCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      SCAN_CODE_PATTERN,
      `A scan code is ${SCAN_CODE_LENGTH} letters and digits, as printed under the QR code.`,
    ),
});

const scannedVaultSchema = z.object({
  kind: z.literal('vault'),
  vault: getVault.response,
});

const scannedFieldSchema = z.object({
  kind: z.literal('field'),
  warehouseId: idSchema,
  warehouseName: z.string(),
  warehouseSlug: z.string(),
  fieldId: idSchema,
  fieldName: z.string(),
  /** The lowest free position, the only one a vault may go to; null when the field takes none. */
  nextPosition: z.number().int().nullable(),
});

const scanCodeResultSchema = z.discriminatedUnion('kind', [scannedVaultSchema, scannedFieldSchema]);
export type ScanCodeResult = z.infer<typeof scanCodeResultSchema>;
export type ScannedField = z.infer<typeof scannedFieldSchema>;

export const resolveScanCode = defineEndpoint({
  method: 'GET',
  path: '/api/codes/:code',
  summary:
    "The vault or field a label's code names; 404 when it is not one of this company's codes.",
  tag: 'codes',
  access: 'session',
  params: scanCodeParamsSchema,
  response: scanCodeResultSchema,
});

export const getSecureAddress = defineEndpoint({
  method: 'GET',
  path: '/api/secure-address',
  summary:
    'The https address of this server, where browsers allow the camera (HTTPS_PORT); url is null when it runs none.',
  tag: 'codes',
  access: 'public',
  response: z.object({ url: z.string().nullable() }),
});
