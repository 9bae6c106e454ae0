// The server's budgets, one call at a time over one kept-alive connection: each write as staff
// make it, and each read twice, as it comes and as the first read after a write to what it
// shows, so nothing the server keeps can answer it.
import crypto from 'node:crypto';
import { figure, type Engine, type Figure } from './figures';
import { fieldsWithRoom, vaultForm, type Client, type FieldShape } from './support';

interface Read {
  name: string;
  target: number;
  path: (q: string) => string;
}

export async function measureServerCalls(
  client: Client,
  engine: Engine,
  company: { companyId: number; warehouseIds: number[] },
  runs: number,
): Promise<Figure[]> {
  const wid = company.warehouseIds[0] ?? 0;
  type Warehouse = { fieldCapacity: number; fields: Record<string, FieldShape> };
  const fields = fieldsWithRoom(await client.json<Warehouse>(`/api/warehouse/${wid}`));
  const tag = crypto.randomBytes(2).toString('hex').toUpperCase();
  const reads: Read[] = [
    { name: 'statistics', target: 100, path: () => '/api/statistics' },
    { name: 'one field', target: 10, path: () => `/api/warehouse/${wid}/:field` },
    { name: 'search', target: 10, path: (q) => `/api/search/suggestions?q=${q}` },
    { name: 'one warehouse (1,000 fields)', target: 50, path: () => `/api/warehouse/${wid}` },
    {
      name: 'company call',
      target: 500,
      path: () => `/api/warehouse/company/${company.companyId}`,
    },
    { name: 'print list', target: 500, path: () => '/api/vaults/all' },
    { name: 'print list CSV', target: 500, path: () => '/api/print/vaults.csv' },
    { name: 'staged list', target: 10, path: () => '/api/stage/vaults' },
  ];
  const order = ['add a vault', 'edit a vault', 'stage', 'move from stage'];
  order.push(...reads.flatMap((r) => [r.name, `${r.name}, first after a write`]));
  const times = new Map<string, number[]>(order.map((name) => [name, []]));
  // The first rounds are not counted: a new server's first hundred calls are slower while V8
  // and the engine's WebAssembly compile their paths, and staff meet one that has run for hours.
  const warmUp = 5;
  let round = 0;
  const note = (name: string, ms: number) => void (round >= warmUp && times.get(name)?.push(ms));
  for (; round < warmUp + runs; round++) {
    const field = fields[round];
    if (!field) throw new Error('The bench warehouse has too few fields with room.');
    const number = `S${tag}${round}`;
    const added = await client.call('POST', '/api/vaults/', vaultForm(field, number));
    note('add a vault', added.ms);
    const vault = (JSON.parse(added.text()) as { vault: { id: number } }).vault;
    for (const [i, read] of reads.entries()) {
      // Statistics follow the add, the staged list its stage; the others follow an edit.
      const customer = `CUSTOMER ${tag} ${round} ${i}`;
      if (read.name === 'staged list') {
        note('stage', (await client.call('POST', `/api/stage/vaults/${vault.id}`)).ms);
      } else if (read.name !== 'statistics') {
        const body = { name: number, customer_name: customer, order_name: 'O', type: 'vault' };
        note('edit a vault', (await client.call('PUT', `/api/vaults/${vault.id}`, body)).ms);
      }
      const path = read
        .path(encodeURIComponent(customer.toLowerCase()))
        .replace(':field', String(field.id));
      note(`${read.name}, first after a write`, (await client.call('GET', path)).ms);
      note(read.name, (await client.call('GET', path)).ms);
    }
    const position = Object.keys(field.vaults).length + 1;
    const move = { vaultId: vault.id, fieldId: field.id, position };
    note('move from stage', (await client.call('PUT', '/api/vaults/move', move)).ms);
    await client.call('DELETE', `/api/vaults/${vault.id}`);
  }
  const targets = new Map<string, number>(
    reads.flatMap((r) => [
      [r.name, r.target],
      [`${r.name}, first after a write`, r.target],
    ]),
  );
  return [...times].map(([name, samples]) =>
    figure(name, engine, targets.get(name) ?? 10, samples),
  );
}
