import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checklistImages, checklists, type StoredChecklistTask } from '../../db/schema/checklists';
import { warehouses } from '../../db/schema/warehouses';
import { companies } from '../../db/schema/auth';

const checklistColumns = {
  id: checklists.id,
  companyId: checklists.companyId,
  warehouseId: checklists.warehouseId,
  description: checklists.description,
  isActive: checklists.isActive,
  tasks: checklists.tasks,
  filledOutBy: checklists.filledOutBy,
  note: checklists.note,
  createdAt: checklists.createdAt,
  fillToken: checklists.fillToken,
  warehouseName: warehouses.name,
  warehouseSlug: warehouses.slug,
};

export type ChecklistRow = {
  id: number;
  companyId: number;
  warehouseId: number;
  description: string;
  isActive: boolean;
  tasks: StoredChecklistTask[];
  filledOutBy: string;
  note: string;
  createdAt: Date;
  fillToken: string;
  warehouseName: string;
  warehouseSlug: string;
};

export type ImageRow = typeof checklistImages.$inferSelect;

export async function findNameLinksSetting(db: Db, companyId: number): Promise<boolean | null> {
  const rows = await db
    .select({ on: companies.checklistNameLinks })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return rows[0]?.on ?? null;
}

export async function setNameLinksSetting(db: Db, companyId: number, on: boolean): Promise<void> {
  await db.update(companies).set({ checklistNameLinks: on }).where(eq(companies.id, companyId));
}

/** True for rows of companies that let the spec's guessable name and id links reach them. */
const nameLinksAllowed = (companyId: AnyColumn) =>
  sql`EXISTS (SELECT 1 FROM companies c WHERE c.id = ${companyId} AND c.checklist_name_links)`;

/** Serialises creates within one company, so the retention count sees every checklist. */
export async function lockCompany(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
}

function selectChecklists(db: Db) {
  return db
    .select(checklistColumns)
    .from(checklists)
    .innerJoin(warehouses, eq(warehouses.id, checklists.warehouseId));
}

async function findOne(
  db: Db,
  where: SQL | undefined,
  options: { forUpdate?: boolean },
): Promise<ChecklistRow | null> {
  const query = selectChecklists(db).where(where).limit(1);
  const rows = options.forUpdate ? await query.for('update', { of: checklists }) : await query;
  return rows[0] ?? null;
}

export async function listChecklists(db: Db, companyId: number): Promise<ChecklistRow[]> {
  return selectChecklists(db)
    .where(eq(checklists.companyId, companyId))
    .orderBy(desc(checklists.createdAt), desc(checklists.id));
}

export function findChecklist(
  db: Db,
  companyId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ChecklistRow | null> {
  return findOne(db, and(eq(checklists.companyId, companyId), eq(checklists.id, id)), options);
}

/** How a public call names its checklist: by id (or name), or by the token of its link. */
export type FillerAddress = { id: number } | { token: string };

/**
 * Lookups not scoped by a session's company: an active checklist by the token of its printed
 * link, or by its id while its company allows name links (the caller's fill grant is checked
 * by `findFillableChecklist`). Inactive checklists are never found this way.
 */
export function findActiveChecklistForFiller(
  db: Db,
  address: FillerAddress,
  options: { forUpdate?: boolean } = {},
): Promise<ChecklistRow | null> {
  const where =
    'token' in address
      ? eq(checklists.fillToken, address.token)
      : and(eq(checklists.id, address.id), nameLinksAllowed(checklists.companyId));
  return findOne(db, and(where, eq(checklists.isActive, true)), options);
}

export function findActiveChecklistOfWarehouse(db: Db, companyId: number, warehouseId: number) {
  const where = and(
    eq(checklists.companyId, companyId),
    eq(checklists.warehouseId, warehouseId),
    eq(checklists.isActive, true),
  );
  return findOne(db, where, {});
}

export interface WarehouseRef {
  id: number;
  companyId: number;
}

/**
 * Warehouses whose name (ignoring case) or slug is this, in every company or in one; only of
 * companies that allow name links.
 */
export async function findWarehousesByNameOrSlug(
  db: Db,
  params: { name: string; slug: string; companyId?: number | undefined },
): Promise<WarehouseRef[]> {
  const match = or(
    eq(warehouses.slug, params.slug),
    sql`lower(${warehouses.name}) = lower(${params.name})`,
  );
  return db
    .select({ id: warehouses.id, companyId: warehouses.companyId })
    .from(warehouses)
    .where(
      and(
        params.companyId ? eq(warehouses.companyId, params.companyId) : undefined,
        match,
        nameLinksAllowed(warehouses.companyId),
      ),
    )
    .limit(5);
}

export async function warehouseExists(
  db: Db,
  companyId: number,
  warehouseId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertChecklist(
  db: Db,
  params: {
    companyId: number;
    warehouseId: number;
    description: string;
    isActive: boolean;
    tasks: StoredChecklistTask[];
    fillToken: string;
  },
): Promise<number> {
  const [row] = await db.insert(checklists).values(params).returning({ id: checklists.id });
  if (!row) throw new Error('Checklist insert returned nothing');
  return row.id;
}

export async function updateChecklist(
  db: Db,
  companyId: number,
  id: number,
  patch: Partial<{
    warehouseId: number;
    description: string;
    isActive: boolean;
    tasks: StoredChecklistTask[];
    filledOutBy: string;
    note: string;
    fillToken: string;
  }>,
): Promise<void> {
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) return;
  await db
    .update(checklists)
    .set(values)
    .where(and(eq(checklists.companyId, companyId), eq(checklists.id, id)));
}

export async function listRetentionCandidates(db: Db, companyId: number) {
  return db
    .select({ id: checklists.id, isActive: checklists.isActive, createdAt: checklists.createdAt })
    .from(checklists)
    .where(eq(checklists.companyId, companyId));
}

/** Deletes the checklists (their image rows go by cascade) and returns the files to remove. */
export async function deleteChecklists(
  db: Db,
  companyId: number,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const keys = await db
    .select({ key: checklistImages.storageKey })
    .from(checklistImages)
    .where(
      and(eq(checklistImages.companyId, companyId), inArray(checklistImages.checklistId, ids)),
    );
  await db
    .delete(checklists)
    .where(and(eq(checklists.companyId, companyId), inArray(checklists.id, ids)));
  return keys.map((k) => k.key);
}

export async function listImages(
  db: Db,
  companyId: number,
  checklistIds: number[],
): Promise<ImageRow[]> {
  if (checklistIds.length === 0) return [];
  return db
    .select()
    .from(checklistImages)
    .where(
      and(
        eq(checklistImages.companyId, companyId),
        inArray(checklistImages.checklistId, checklistIds),
      ),
    )
    .orderBy(asc(checklistImages.createdAt), asc(checklistImages.id));
}

/** A checklist's images in all, and those added in the last 24 hours. */
export async function countImages(
  db: Db,
  companyId: number,
  checklistId: number,
): Promise<{ total: number; lastDay: number }> {
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      lastDay: sql<number>`(count(*) FILTER (WHERE ${checklistImages.createdAt} > now() - interval '24 hours'))::int`,
    })
    .from(checklistImages)
    .where(
      and(eq(checklistImages.companyId, companyId), eq(checklistImages.checklistId, checklistId)),
    );
  return { total: rows[0]?.total ?? 0, lastDay: rows[0]?.lastDay ?? 0 };
}

export async function insertImage(
  db: Db,
  params: {
    companyId: number;
    checklistId: number;
    fileName: string;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
  },
): Promise<ImageRow> {
  const [row] = await db.insert(checklistImages).values(params).returning();
  if (!row) throw new Error('Image insert returned nothing');
  return row;
}

/**
 * An image with what decides who may see it: its company, whether its checklist is active,
 * whether the company allows name links, and the checklist's token (its fill grant's source).
 */
export async function findImage(db: Db, id: number) {
  const rows = await db
    .select({
      storageKey: checklistImages.storageKey,
      contentType: checklistImages.contentType,
      companyId: checklistImages.companyId,
      isActive: checklists.isActive,
      fillToken: checklists.fillToken,
      nameLinks: companies.checklistNameLinks,
    })
    .from(checklistImages)
    .innerJoin(checklists, eq(checklists.id, checklistImages.checklistId))
    .innerJoin(companies, eq(companies.id, checklistImages.companyId))
    .where(eq(checklistImages.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** An image of the active checklist behind a link token. */
export async function findImageByToken(db: Db, token: string, id: number) {
  const rows = await db
    .select({ storageKey: checklistImages.storageKey, contentType: checklistImages.contentType })
    .from(checklistImages)
    .innerJoin(checklists, eq(checklists.id, checklistImages.checklistId))
    .where(
      and(
        eq(checklistImages.id, id),
        eq(checklists.fillToken, token),
        eq(checklists.isActive, true),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
