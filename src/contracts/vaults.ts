import { z } from 'zod';

export const vaultTypes = ['vault', 'liftvan', 't2', 'couchbox'] as const;
export const vaultTypeSchema = z.enum(vaultTypes, {
  error: 'Type must be one of vault, liftvan, t2, couchbox.',
});
export type VaultType = z.infer<typeof vaultTypeSchema>;

export const attachmentSchema = z.object({
  id: z.uuid(),
  vault_id: z.uuid(),
  file_name: z.string(),
  file_url: z.string(),
  size_bytes: z.number().int(),
  content_type: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const vaultSchema = z.object({
  id: z.uuid(),
  /** The number on the vault's tag; null for vaults that carry none (liftvans, couchboxes). */
  name: z.string().nullable(),
  customer_name: z.string(),
  customer_id: z.uuid().nullable(),
  order_id: z.uuid().nullable(),
  order_name: z.string().nullable(),
  type: vaultTypeSchema,
  position: z.number().int().nullable(),
  note: z.string(),
  attachments: z.array(attachmentSchema),
  field_id: z.uuid().nullable(),
  old_field_id: z.uuid().nullable(),
  field_name: z.string().nullable(),
  warehouse_name: z.string().nullable(),
});
export type Vault = z.infer<typeof vaultSchema>;
