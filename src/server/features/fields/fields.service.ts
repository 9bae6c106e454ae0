import type { SessionUser } from '../../../contracts/auth';
import type { Field, ToggleFieldTypeBody } from '../../../contracts/fields';
import { fieldBelowName } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { lockWarehousesOfFields } from '../../db/warehouse-locks';
import { AppError, notFound } from '../../http/errors';
import { loadField } from '../vaults/vaults.service';
import * as repo from './fields.repository';

export async function getWarehouseField(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  fieldId: number,
): Promise<Field> {
  const field = await repo.findField(db, user.companyId, fieldId);
  if (!field || field.warehouseId !== warehouseId) throw notFound('Field');
  return loadField(db, user.companyId, field);
}

export async function setFieldFull(
  db: Db,
  user: SessionUser,
  id: number,
  full: boolean,
): Promise<Field> {
  if (!(await repo.setFieldFull(db, user.companyId, id, full))) throw notFound('Field');
  return getField(db, user, id);
}

async function getField(db: Db, user: SessionUser, id: number): Promise<Field> {
  const field = await repo.findField(db, user.companyId, id);
  if (!field) throw notFound('Field');
  return loadField(db, user.companyId, field);
}

/** field2 may name the field below by its name (`A2`) or by its id; absent names nothing. */
function namesField(
  field2: ToggleFieldTypeBody['field2'],
  field: { id: Field['id']; name: string },
): boolean {
  if (field2 === undefined || field2 === null || field2 === '') return true;
  const given = String(field2).trim();
  return given.toUpperCase() === field.name || given === String(field.id);
}

/**
 * A couchbox takes two fields of a column: the top half (couchbox-T) holds the units and
 * spans the bottom half (couchbox-B), the field below. Both change together, and only
 * while neither holds a vault.
 */
export async function toggleFieldType(
  db: Db,
  user: SessionUser,
  id: number,
  body: ToggleFieldTypeBody,
): Promise<{ field1: Field; field2: Field }> {
  const belowId = await db.transaction(async (tx) => {
    // A couchbox pair has one slot more than two vault fields: a capacity change, so it
    // waits for every placement in the warehouse (docs/decisions/0014-placement-locks.md).
    await lockWarehousesOfFields(tx, user.companyId, [id], 'update');
    const top = await repo.findField(tx, user.companyId, id, { lock: true });
    if (!top || (body.warehouseId !== undefined && body.warehouseId !== top.warehouseId))
      throw notFound('Field');
    if (top.type === 'couchbox-B') {
      throw new AppError(
        'FIELD_NO_PARTNER',
        `Field ${top.name} is the lower half of a couchbox; change the field above it instead.`,
      );
    }
    const belowName = fieldBelowName(top.name);
    const below = belowName
      ? await repo.findFieldByName(tx, user.companyId, top.warehouseId, belowName)
      : null;
    if (!below) {
      throw new AppError(
        'FIELD_NO_PARTNER',
        `Field ${top.name} has no field below it to pair with as a couchbox.`,
      );
    }
    if (!namesField(body.field2, below)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `field2 must be the field below ${top.name} (${below.name}).`,
      );
    }
    const wanted =
      body.type === 'couchbox'
        ? { top: 'couchbox-T', below: 'couchbox-B' }
        : { top: 'vault', below: 'vault' };
    if (top.type === wanted.top && below.type === wanted.below) return below.id;
    if (body.type === 'couchbox' && below.type !== 'vault') {
      throw new AppError(
        'FIELD_NO_PARTNER',
        `Field ${below.name} is already part of another couchbox.`,
      );
    }
    for (const f of [top, below]) {
      if ((await repo.countVaults(tx, user.companyId, f.id)) > 0) {
        throw new AppError(
          'FIELD_HAS_VAULTS',
          `Field ${f.name} holds vaults; empty it before changing its type.`,
        );
      }
    }
    await repo.setFieldType(
      tx,
      user.companyId,
      top.id,
      body.type === 'couchbox' ? 'couchbox-T' : 'vault',
    );
    await repo.setFieldType(
      tx,
      user.companyId,
      below.id,
      body.type === 'couchbox' ? 'couchbox-B' : 'vault',
    );
    return below.id;
  });
  const [field1, field2] = await Promise.all([getField(db, user, id), getField(db, user, belowId)]);
  return { field1, field2 };
}
