import { z } from 'zod';
import { migrations } from '../db/migrations/index';
import productPackage from '../../../package.json' with { type: 'json' };

const sha256Schema = z.string().regex(/^[a-f0-9]{64}$/);

/** What a backup holds, written last into it and checked before anything is restored. */
export const manifestSchema = z.object({
  format: z.literal('vaultgrid-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  productVersion: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** The migrations applied, in order: the schema's version is the last one's name. */
  schema: z.object({ version: z.string(), migrations: z.array(z.string()) }),
  tables: z.record(z.string(), z.number().int().min(0)),
  dump: z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: sha256Schema }),
  files: z.array(
    z.object({ key: z.string(), bytes: z.number().int().min(0), sha256: sha256Schema }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_NAME = 'manifest.json';
export const DUMP_NAME = 'dump.sql';
export const FILE_PREFIX = 'files/';

export const PRODUCT_VERSION = productPackage.version;

function currentSchema(): Manifest['schema'] {
  const names = migrations.map((m) => m.name);
  return { version: names.at(-1) ?? '', migrations: names };
}

/**
 * Why this version of Vaultgrid cannot restore a backup of `schema`, or null when it can: a
 * backup from a newer schema holds tables and columns this code does not know. An older one
 * is fine: the server's migrations bring it up to date on its first start.
 */
export function schemaRefusal(schema: Manifest['schema']): string | null {
  const known = new Set(migrations.map((m) => m.name));
  const unknown = schema.migrations.filter((name) => !known.has(name));
  if (unknown.length === 0) return null;
  return (
    `The backup comes from a newer Vaultgrid: its schema has migration ${unknown.join(', ')}, ` +
    `which this version (${PRODUCT_VERSION}, schema ${currentSchema().version}) does not know. ` +
    'Install the newer version, then restore.'
  );
}
