// Latency of the everyday vault operations on the bench company: add a vault at a field's
// lowest free position, stage it, and move it back. One at a time, as staff work.
import { benchFetch, percentile, type Sample } from './support';

interface FieldShape {
  id: number;
  type: string;
  full: boolean;
  vaults: Record<string, { position: number | null }>;
}

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; res: Response }> {
  const start = performance.now();
  const res = await fn();
  return { ms: performance.now() - start, res };
}

function sample(name: string, times: number[], bytes: number, medianMs: number): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    rps10: null,
    rps50: null,
    bytes,
    target: { medianMs },
  };
}

export async function measureVaultOperations(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  rounds: number,
): Promise<Sample[]> {
  const headers = { cookie };
  const warehouse = (await (
    await benchFetch(`${baseUrl}/api/warehouse/${warehouseId}`, { headers })
  ).json()) as {
    fieldCapacity: number;
    fields: Record<string, FieldShape>;
  };
  const open = Object.values(warehouse.fields).filter(
    (f) => f.type === 'vault' && !f.full && Object.keys(f.vaults).length < warehouse.fieldCapacity,
  );
  const adds: number[] = [];
  const stages: number[] = [];
  const moves: number[] = [];
  const bytes = { add: 0, stage: 0, move: 0 };
  for (let i = 0; i < Math.min(rounds, open.length); i++) {
    const field = open[i] as FieldShape;
    const position = Object.keys(field.vaults).length + 1;
    const form = new FormData();
    form.set('customer_name', 'BENCH CUSTOMER');
    form.set('order_name', `BENCH-${i}`);
    form.set('vault_id', `B${Date.now()}${i}`);
    form.set('type', 'vault');
    form.set('field_id', String(field.id));
    form.set('position', String(position));
    const add = await timed(() =>
      benchFetch(`${baseUrl}/api/vaults/`, { method: 'POST', headers, body: form }),
    );
    const addBody = await add.res.text();
    if (!add.res.ok) throw new Error(`add vault answered ${add.res.status}: ${addBody}`);
    adds.push(add.ms);
    bytes.add = addBody.length;
    const vaultId = (JSON.parse(addBody) as { vault: { id: number } }).vault.id;

    const stage = await timed(() =>
      benchFetch(`${baseUrl}/api/stage/vaults/${vaultId}`, { method: 'POST', headers }),
    );
    const stageBody = await stage.res.text();
    if (!stage.res.ok) throw new Error(`stage answered ${stage.res.status}: ${stageBody}`);
    stages.push(stage.ms);
    bytes.stage = stageBody.length;

    const move = await timed(() =>
      benchFetch(`${baseUrl}/api/vaults/move`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ vaultId, fieldId: field.id, position }),
      }),
    );
    const moveBody = await move.res.text();
    if (!move.res.ok) throw new Error(`move answered ${move.res.status}: ${moveBody}`);
    moves.push(move.ms);
    bytes.move = moveBody.length;
  }
  return [
    sample('add vault (multipart)', adds, bytes.add, 2.5),
    sample('stage vault', stages, bytes.stage, 1.5),
    sample('move vault back', moves, bytes.move, 1.5),
  ];
}
