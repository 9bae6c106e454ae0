import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptySchema } from './common';

const storedBackupSchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  bytes: z.int().min(0),
  /** The folder or bucket it is kept in. */
  place: z.string(),
});

const backupStatusSchema = z.object({
  last: storedBackupSchema.nullable(),
  running: z.boolean(),
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** Set when no backup succeeded for 48 hours, or the last one failed: shown to operators. */
  warning: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const getBackupStatus = defineEndpoint({
  method: 'GET',
  path: '/api/admin/backups',
  summary:
    "The installation's last backup and any warning; for the installation's operators only (decision 0440).",
  tag: 'admin',
  access: 'session',
  response: backupStatusSchema,
});

export const takeBackup = defineEndpoint({
  method: 'POST',
  path: '/api/admin/backups',
  summary:
    'Backs up every company of the installation now and answers when it is written (decision 0440).',
  tag: 'admin',
  access: 'session',
  body: emptySchema,
  response: storedBackupSchema,
});
