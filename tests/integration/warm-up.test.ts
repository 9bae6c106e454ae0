import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SearchSuggestions } from '../../src/contracts/search';
import { SEARCH_SUGGESTION_LIMIT } from '../../src/contracts/limits';
import { warehouseVersionsOf } from '../../src/server/db/warehouse-versions';
import { suggestFromIndex } from '../../src/server/features/search/search-index';
import { forgetKeptAnswers } from '../../src/server/features/warehouses/warehouse-answers';
import { keptField } from '../../src/server/features/warehouses/warehouses.service';
import { warmUp } from '../../src/server/warm-up';
import { fieldByName, makeCompanyWithUser, makeWarehouse } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault } from '../support/vault-factories';

// A start builds the first answers before it takes requests (decision 0112): the field a
// crew opens first after a restart is cut from a warehouse answer already kept, and a search
// is answered from names already in memory.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const failOnError = (error: unknown) => {
  throw error;
};

describe('warm-up at start', () => {
  it('a spent budget builds nothing; a budget left builds the first answers', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff);
    const field = fieldByName(warehouse, 'A1');
    await makeVault(staff, {
      field_id: field.id,
      position: 1,
      vault_id: 'WARM1',
      customer_name: 'Warmington',
    });
    const { db } = app.deps;
    const companyId = staff.user.companyId;
    const searchNow = async (): Promise<SearchSuggestions | null> =>
      suggestFromIndex(
        db,
        companyId,
        await warehouseVersionsOf(db, companyId),
        null,
        'warm',
        SEARCH_SUGGESTION_LIMIT,
      );
    // As after a restart: nothing kept.
    forgetKeptAnswers(db);
    expect(await keptField(db, staff.user, warehouse.id, field.id)).toBeNull();

    const none = await warmUp(db, 0, failOnError);
    expect(none).toMatchObject({ companies: 0, cutShort: true });
    expect(await keptField(db, staff.user, warehouse.id, field.id)).toBeNull();

    const warmed = await warmUp(db, 60_000, failOnError);
    expect(warmed).toMatchObject({ companies: 1, cutShort: false });
    const kept = await keptField(db, staff.user, warehouse.id, field.id);
    const asSent = await staff.client.get(`/api/warehouse/${warehouse.id}/${field.id}`);
    expect(
      kept && JSON.parse((await kept.bytes()).toString('utf8')),
      'the field cut from the kept warehouse answer',
    ).toEqual(asSent.body);
    expect(await searchNow(), 'the first search answered from memory').toEqual({
      customers: ['WARMINGTON'],
      orders: [],
      vaults: ['WARM1'],
    });
  });
});
