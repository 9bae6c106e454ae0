import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportJob } from '../../src/contracts/imports';
import type { PrintVault } from '../../src/contracts/print';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { EventStream, type StreamFrame } from '../support/event-stream';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import {
  csvText,
  optionsFor,
  previewImport,
  runImport,
  uploadImport,
  waitForImport,
} from '../support/import-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app?.close();
});

const HEADER = ['Vault', 'Customer', 'Order', 'Type', 'Warehouse', 'Field', 'Position', 'Note'];
const TICKED = { create_missing_warehouses: true } as const;

/** North, 2 columns (A, B) x 2 rows, and a file naming C1 and A4 beside B2. */
async function northAndFile(staff: SignedInStaff) {
  const warehouse = await makeWarehouse(staff, {
    name: 'North',
    rows: 2,
    cols: 2,
    field_capacity: 2,
  });
  const file = csvText([
    HEADER,
    ['801', 'Smith', '', '', 'North', 'C1', '', ''],
    ['802', 'Smith', '', '', 'North', 'c1', '', ''],
    ['803', 'Jones', '', '', 'North', 'A4', 1, ''],
    ['804', 'Jones', '', '', 'North', 'B2', '', ''],
  ]);
  return { warehouse, file };
}

async function grid(staff: SignedInStaff, id: number) {
  const res = await staff.client.get(`/api/warehouse/${id}`);
  expect(res.status).toBe(200);
  const w = res.body as Warehouse;
  return {
    rows: w.rows,
    cols: w.cols,
    fields: Object.values(w.fields)
      .map((f) => f.name)
      .sort(),
  };
}

async function printList(staff: SignedInStaff) {
  const res = await staff.client.get('/api/vaults/all');
  expect(res.status).toBe(200);
  return (res.body as PrintVault[])
    .map((v) => [v.name, v.warehouse_name, v.field_name, v.position])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const GROWN = {
  warehouse: 'North',
  from: { cols: 2, rows: 2 },
  to: { cols: 3, rows: 4 },
  added_columns: ['C'],
  added_rows: [3, 4],
  fields_added: 8,
  sentence: 'Warehouse North grows from 2 x 2 to 3 x 4: column C and rows 3, 4 added.',
};

const change = (match: Record<string, unknown>) => (frame: StreamFrame) =>
  frame.event === 'change' &&
  Object.entries(match).every(([k, v]) => (frame.data as Record<string, unknown>)[k] === v);

describe('an import that names fields an existing warehouse lacks', () => {
  it('grows the grid to the right and bottom when ticked, says how in the preview, and places the vaults', async () => {
    const staff = await makeCompanyWithUser(app);
    const { warehouse, file } = await northAndFile(staff);
    const before = await grid(staff, warehouse.id);
    const upload = await uploadImport(staff, file, 'north.csv');
    const preview = await previewImport(staff, upload, TICKED);
    expect(preview.growth).toEqual([GROWN]);
    expect(preview.counts).toEqual({ created: 4, updated: 0, unchanged: 0, refused: 0 });
    expect(preview.rows.map((r) => [r.field, r.position])).toEqual([
      ['C1', 1],
      ['C1', 2],
      ['A4', 1],
      ['B2', 1],
    ]);
    // The preview changes nothing.
    expect(await grid(staff, warehouse.id)).toEqual(before);

    const stream = await EventStream.open(`${app.baseUrl}/api/live/events`, {
      cookie: staff.client.cookieHeader('/api/live/events'),
    });
    streams.push(stream);
    await stream.waitFor((f) => f.event === 'ready');
    const start = await staff.client.post(
      `/api/imports/${upload.id}/start`,
      optionsFor(upload, TICKED),
    );
    expect(start.status).toBe(200);
    const job = await waitForImport(staff, upload.id);
    expect(job.status, job.message ?? '').toBe('done');
    expect(job.result).toEqual({ created: 4, updated: 0, unchanged: 0, refused: 0 });
    // The finished job repeats the preview's growth as done, and keeps saying it when read
    // again (a reload of the page).
    const grew = {
      ...GROWN,
      sentence: 'Warehouse North grew from 2 x 2 to 3 x 4: column C and rows 3, 4 added.',
    };
    expect(job.growth).toEqual([grew]);
    expect(job.created_warehouses).toEqual([]);
    const reread = (await staff.client.get(`/api/imports/${upload.id}`)).body as ImportJob;
    expect(reread.growth).toEqual([grew]);
    const listed = (await staff.client.get('/api/imports')).body as ImportJob[];
    expect(listed.find((j) => j.id === upload.id)?.growth).toEqual([grew]);

    const after = await grid(staff, warehouse.id);
    expect(after).toMatchObject({ rows: 4, cols: 3 });
    expect(after.fields).toEqual(
      ['A', 'B', 'C'].flatMap((c) => [1, 2, 3, 4].map((r) => `${c}${r}`)).sort(),
    );
    expect(await printList(staff)).toEqual([
      ['801', 'North', 'C1', 1],
      ['802', 'North', 'C1', 2],
      ['803', 'North', 'A4', 1],
      ['804', 'North', 'B2', 1],
    ]);
    // Screens showing North hear of the grid change, as after one made on the warehouse page.
    await stream.waitFor(change({ entity: 'field', warehouse: warehouse.id }));
    await stream.waitFor(change({ entity: 'warehouse', warehouse: warehouse.id }));

    const vault = (await staff.client.get('/api/vaults/lookup/801')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history.map((e) => e.kind)).toEqual(['imported']);
    expect(history[0]?.details).toMatchObject({
      import_id: upload.id,
      file_name: 'north.csv',
      action: 'created',
      to: { warehouse: 'North', field: 'C1', position: 1 },
    });

    // The same file again grows nothing and changes nothing.
    const again = await uploadImport(staff, file);
    expect((await previewImport(staff, again, TICKED)).growth).toEqual([]);
    const second = await runImport(staff, file, TICKED);
    expect(second.result).toEqual({ created: 0, updated: 0, unchanged: 4, refused: 0 });
    expect(second.growth).toEqual([]);
    expect(await grid(staff, warehouse.id)).toEqual(after);
  });

  it('refuses those rows when not ticked and leaves the grid as it is', async () => {
    const staff = await makeCompanyWithUser(app);
    const { warehouse, file } = await northAndFile(staff);
    const before = await grid(staff, warehouse.id);
    const upload = await uploadImport(staff, file);
    const preview = await previewImport(staff, upload);
    expect(preview.growth).toEqual([]);
    expect(preview.missing_fields).toEqual(['North C1', 'North A4']);
    expect(preview.errors).toContainEqual({
      row: 2,
      column: 'Field',
      reason:
        'Warehouse North has no field C1. Tick "create missing warehouses and fields" to grow its grid to the right or bottom, add the row or column on the warehouse page, or correct the field.',
    });
    expect(preview.counts).toMatchObject({ created: 1, refused: 3 });
    const start = await staff.client.post(`/api/imports/${upload.id}/start`, optionsFor(upload));
    expect(start.status).toBe(200);
    const refused = await waitForImport(staff, upload.id);
    expect(refused.status).toBe('refused');
    expect(refused.growth).toEqual([]);
    expect(await grid(staff, warehouse.id)).toEqual(before);
    expect(await printList(staff)).toEqual([]);
  });

  it('refuses a field past the bound with a sentence, growing only for the others', async () => {
    const staff = await makeCompanyWithUser(app);
    const { warehouse } = await northAndFile(staff);
    const file = csvText([
      HEADER,
      ['811', 'Smith', '', '', 'North', 'ZZ999', '', ''],
      ['812', 'Smith', '', '', 'North', 'M2', '', ''],
      ['813', 'Smith', '', '', 'North', 'C1', '', ''],
      ['814', 'Smith', '', '', 'North', 'A-3', '', ''],
    ]);
    const upload = await uploadImport(staff, file);
    const preview = await previewImport(staff, upload, TICKED);
    const bound =
      'and an import adds at most 10 columns and 10 rows to a warehouse (up to 200 of each); it has columns A to B and rows 1 to 2. Correct the field, or add the columns or rows on the warehouse page first.';
    expect(preview.errors).toEqual([
      { row: 2, column: 'Field', reason: `Warehouse North has no field ZZ999, ${bound}` },
      // M is the 13th column, one past the 2 + 10 the bound allows.
      { row: 3, column: 'Field', reason: `Warehouse North has no field M2, ${bound}` },
      {
        row: 5,
        column: 'Field',
        reason:
          'Warehouse North has no field A-3, and it is not a field name: a field is named by its column letters and row number, such as B4.',
      },
    ]);
    expect(preview.growth.map((g) => g.sentence)).toEqual([
      'Warehouse North grows from 2 x 2 to 3 x 2: column C added.',
    ]);

    const refused = await runImport(staff, file, TICKED);
    expect(refused.status).toBe('refused');
    expect(await grid(staff, warehouse.id)).toMatchObject({ rows: 2, cols: 2 });

    const valid = await runImport(staff, file, { ...TICKED, import_valid_rows: true });
    expect(valid.status).toBe('done');
    expect(valid.result).toMatchObject({ created: 1, refused: 3 });
    expect(valid.growth.map((g) => g.sentence)).toEqual([
      'Warehouse North grew from 2 x 2 to 3 x 2: column C added.',
    ]);
    expect(await grid(staff, warehouse.id)).toMatchObject({ rows: 2, cols: 3 });
    expect(await printList(staff)).toEqual([['813', 'North', 'C1', 1]]);
  });

  it(
    'keeps the grid as it was when the import is cancelled mid-run',
    { timeout: 240_000 },
    async () => {
      const staff = await makeCompanyWithUser(app);
      const { warehouse } = await northAndFile(staff);
      const before = await grid(staff, warehouse.id);
      const rows: (string | number)[][] = [HEADER, ['1', 'Smith', '', '', 'North', 'C1', '', '']];
      for (let n = 2; n <= 20_000; n++) rows.push([`S${n}`, 'Smith', '', '', '', '', '', '']);
      const upload = await uploadImport(staff, csvText(rows));
      expect((await previewImport(staff, upload, TICKED)).growth).toHaveLength(1);
      const start = await staff.client.post(
        `/api/imports/${upload.id}/start`,
        optionsFor(upload, TICKED),
      );
      expect(start.status).toBe(200);
      let job = start.body as ImportJob;
      while (job.status === 'running' && job.rows_done === 0) {
        job = (await staff.client.get(`/api/imports/${upload.id}`)).body as ImportJob;
      }
      const cancel = await staff.client.post(`/api/imports/${upload.id}/cancel`);
      expect(cancel.status).toBe(200);
      const cancelled = await waitForImport(staff, upload.id);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.growth).toEqual([]);
      expect(await grid(staff, warehouse.id)).toEqual(before);
      expect(await printList(staff)).toEqual([]);
    },
  );

  it('names on the finished job the warehouses it created beside the grids it grew', async () => {
    const staff = await makeCompanyWithUser(app);
    const { file } = await northAndFile(staff);
    const south = csvText([HEADER, ['821', 'Smith', '', '', 'South', 'B2', '', '']]);
    const both = `${file}${south.slice(south.indexOf('\n') + 1)}`;
    const job = await runImport(staff, both, {
      ...TICKED,
      new_warehouses: [{ name: 'South', rows: 2, cols: 3, field_capacity: 4 }],
    });
    expect(job.status, job.message ?? '').toBe('done');
    expect(job.created_warehouses).toEqual([
      {
        warehouse: 'South',
        cols: 3,
        rows: 2,
        fields_added: 6,
        sentence: 'Warehouse South created at 3 x 2: 6 fields added.',
      },
    ]);
    expect(job.growth.map((g) => g.sentence)).toEqual([
      'Warehouse North grew from 2 x 2 to 3 x 4: column C and rows 3, 4 added.',
    ]);
  });

  it.runIf(inject('postgresUrl'))(
    'rolls the growth back when a cancel arrives after the grid grew, before the commit',
    async () => {
      const staff = await makeCompanyWithUser(app);
      const { warehouse, file } = await northAndFile(staff);
      const before = await grid(staff, warehouse.id);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // A customer being added elsewhere under the same name: the import's last transaction,
      // past the grid's growth, waits on it while writing its customers.
      const other = app.deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO customers (company_id, name) VALUES (${staff.user.companyId}, 'SMITH')`,
        );
        holding();
        await gate;
        throw new Error('rolled back');
      });
      await held;
      const upload = await uploadImport(staff, file);
      const start = await staff.client.post(
        `/api/imports/${upload.id}/start`,
        optionsFor(upload, TICKED),
      );
      expect(start.status).toBe(200);
      // Wait until the grid has grown inside the import's transaction, not yet committed.
      for (;;) {
        const waiting = (await app.deps.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query ILIKE '%customers%'`,
        )) as unknown as { rows: { n: number }[] };
        if ((waiting.rows[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await grid(staff, warehouse.id)).toEqual(before);
      const cancel = await staff.client.post(`/api/imports/${upload.id}/cancel`);
      expect(cancel.status).toBe(200);
      release();
      await expect(other).rejects.toThrow('rolled back');
      expect((await waitForImport(staff, upload.id)).status).toBe('cancelled');
      expect(await grid(staff, warehouse.id)).toEqual(before);
      expect(await printList(staff)).toEqual([]);
    },
  );
});

describe('growing imports started together', () => {
  it(
    'all land, the grids end at the union of their growth, with every field and vault once',
    { timeout: 120_000 },
    async () => {
      const staff = await makeCompanyWithUser(app);
      const spec = { rows: 2, cols: 2, field_capacity: 4 };
      const main = await makeWarehouse(staff, { name: 'Main', ...spec });
      const side = await makeWarehouse(staff, { name: 'Side', ...spec });
      const row = (vault: string, warehouse: string, field: string) =>
        [vault, 'Smith', '', '', warehouse, field, '', ''] as const;
      // Two imports grow Main (column C; column C and row 3), one grows Side (row 3); all
      // three place vaults in fields another one places vaults in too.
      const files = [
        [row('CA-1', 'Main', 'C1'), row('CA-2', 'Main', 'C1'), row('CA-3', 'Main', 'C2')],
        [row('CB-1', 'Main', 'C1'), row('CB-2', 'Main', 'A3'), row('CB-3', 'Main', 'A3')],
        [row('CC-1', 'Side', 'A3'), row('CC-2', 'Side', 'B3'), row('CC-3', 'Main', 'B1')],
      ].map((rows, i) => [
        ...rows,
        row(`C${'ABC'[i] ?? ''}-4`, 'Main', 'B1'),
        row(`C${'ABC'[i] ?? ''}-5`, '', ''),
      ]);
      const uploads = await Promise.all(
        files.map((rows) => uploadImport(staff, csvText([HEADER, ...rows]))),
      );
      for (const upload of uploads) {
        expect((await previewImport(staff, upload, TICKED)).counts.refused).toBe(0);
      }

      // On PostgreSQL all three are held at Main's lock (as a grid change made on the
      // warehouse page would hold them) and let go together, so their last transactions truly
      // overlap; the embedded engine runs one transaction at a time.
      const postgres = Boolean(inject('postgresUrl'));
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = postgres
        ? app.deps.db.transaction(async (tx) => {
            await tx.execute(sql`SELECT id FROM warehouses WHERE id = ${main.id} FOR UPDATE`);
            holding();
            await gate;
          })
        : Promise.resolve();
      if (postgres) await held;

      const starts = await Promise.all(
        uploads.map((u) => staff.client.post(`/api/imports/${u.id}/start`, optionsFor(u, TICKED))),
      );
      expect(starts.map((s) => s.status)).toEqual([200, 200, 200]);
      if (postgres) {
        for (;;) {
          const waiting = (await app.deps.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'
                  AND query ILIKE '%FROM warehouses%'`,
          )) as unknown as { rows: { n: number }[] };
          if ((waiting.rows[0]?.n ?? 0) >= 3) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        release();
      }
      await holder;

      const ended = await Promise.all(uploads.map((u) => waitForImport(staff, u.id)));
      // No deadlock, no refusal: each one landed whole.
      expect(ended.map((j) => [j.status, j.message])).toEqual([
        ['done', null],
        ['done', null],
        ['done', null],
      ]);
      expect(ended.map((j) => j.result?.created)).toEqual([5, 5, 5]);

      const names = (cols: string, rows: number) =>
        [...cols].flatMap((c) => Array.from({ length: rows }, (_, r) => `${c}${r + 1}`)).sort();
      expect(await grid(staff, main.id)).toEqual({ rows: 3, cols: 3, fields: names('ABC', 3) });
      expect(await grid(staff, side.id)).toEqual({ rows: 3, cols: 2, fields: names('AB', 3) });
      // What the jobs say they grew adds up to the growth, each field told once.
      const told = ended.flatMap((j) => j.growth);
      const added = (w: string) =>
        told.filter((g) => g.warehouse === w).reduce((n, g) => n + g.fields_added, 0);
      expect([added('Main'), added('Side')]).toEqual([5, 2]);
      expect(ended[2]?.growth.map((g) => g.sentence)).toEqual([
        'Warehouse Side grew from 2 x 2 to 2 x 3: row 3 added.',
      ]);

      const list = await printList(staff);
      expect(list.map((v) => v[0])).toEqual(
        files
          .flat()
          .map((r) => r[0])
          .sort((a, b) => a.localeCompare(b)),
      );
      const positions = new Map<string, number[]>();
      for (const [, warehouse, field, position] of list) {
        if (!warehouse) continue; // staged
        const key = `${String(warehouse)} ${String(field)}`;
        positions.set(key, [...(positions.get(key) ?? []), Number(position)]);
      }
      for (const [key, taken] of positions) {
        expect([key, taken.sort((a, b) => a - b)]).toEqual([key, taken.map((_, i) => i + 1)]);
      }
      expect(positions.get('Main C1')).toHaveLength(3);
      expect(positions.get('Main B1')).toHaveLength(4);
    },
  );
});
