import type { SessionUser } from '../../../contracts/auth';
import type {
  ReleaseOutlook,
  SuggestedPlace,
  SuggestedPlaceQuery,
} from '../../../contracts/receiving';
import {
  releaseOutlook,
  suggestPlace,
  type SlotReason,
  type SlottingField,
} from '../../../domain/release-slotting';
import type { Db } from '../../db/client';
import * as floor from '../../db/floor-reads';
import { notFound } from '../../http/errors';
import * as repo from './receiving.repository';

/** The warehouse's fields, each with its stack, as the records hold them. */
async function loadStacks(db: Db, user: SessionUser, warehouseId: number) {
  const warehouse = await floor.findWarehouse(db, user.companyId, warehouseId);
  if (!warehouse) throw notFound('Warehouse');
  const [fields, vaults] = await Promise.all([
    floor.listWarehouseFields(db, user.companyId, warehouseId),
    repo.listStackedVaults(db, user.companyId, warehouseId),
  ]);
  const stacks = new Map<number, repo.StackedVaultRow[]>();
  for (const v of vaults) stacks.set(v.fieldId, [...(stacks.get(v.fieldId) ?? []), v]);
  const slotting: SlottingField[] = fields.map((f) => ({
    ...f,
    fieldCapacity: warehouse.fieldCapacity,
    vaults: stacks.get(f.id) ?? [],
  }));
  return { warehouse, fields: slotting };
}

const week = (monday: string | null) =>
  monday === null
    ? 'has no expected release, so it counts as leaving last'
    : `is due out the week of ${monday}`;

function reasonSentence(fieldName: string, reason: SlotReason): string {
  switch (reason.kind) {
    case 'on_later':
      if (reason.isOnSameCustomer) {
        return `Same customer, sooner releases on top: the top vault of ${fieldName} is this customer's and ${week(reason.below)}.`;
      }
      return reason.below === null
        ? `Sooner releases on top: the top vault of ${fieldName} ${week(null)}.`
        : `Sooner releases on top: the top vault of ${fieldName} ${week(reason.below)}, not before this one.`;
    case 'empty_field':
      return `Field ${fieldName} is empty: no stack with room has a vault due out the same week or later on top, and an empty field buries nothing.`;
    case 'buries_sooner':
      return `Every field with room has a vault due out sooner on top; the top vault of ${fieldName} is due latest of them (the week of ${reason.below}), so it waits the least under this one.`;
    case 'under_later':
      return `The free slot of ${fieldName} is under a vault that ${week(reason.above)}; no better place has room.`;
  }
}

export async function suggestPlaceFor(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  query: SuggestedPlaceQuery,
): Promise<SuggestedPlace> {
  const { warehouse, fields } = await loadStacks(db, user, warehouseId);
  if (query.customer_id !== undefined) {
    if (!(await repo.hasCustomer(db, user.companyId, query.customer_id))) {
      throw notFound('Customer');
    }
  }
  const from =
    query.from_field_id === undefined ? null : fields.find((f) => f.id === query.from_field_id);
  if (from === undefined) throw notFound('Field');
  const place = suggestPlace({
    fields,
    arriving: {
      type: query.type,
      expectedRelease: query.expected_release,
      customerId: query.customer_id ?? null,
    },
    from,
  });
  if (!place) {
    const what = query.type === 'couchbox' ? 'couchbox field' : 'field';
    return {
      field_id: null,
      field_name: null,
      position: null,
      reason: `No ${what} in ${warehouse.name} has room for a ${query.type}.`,
    };
  }
  return {
    field_id: place.fieldId,
    field_name: place.fieldName,
    position: place.position,
    reason: reasonSentence(place.fieldName, place.reason),
  };
}

export async function releaseOutlookFor(
  db: Db,
  user: SessionUser,
  warehouseId: number,
): Promise<ReleaseOutlook> {
  const { fields } = await loadStacks(db, user, warehouseId);
  return {
    weeks: releaseOutlook(fields).map((w) => ({
      week_start: w.weekStart,
      due: w.due,
      needing_dig_out: w.needingDigOut,
    })),
  };
}
