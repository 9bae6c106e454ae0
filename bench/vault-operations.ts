// Latency of the everyday vault operations on the bench company: add a vault at a field's
// lowest free position, stage it, and move it back. One at a time, as staff work, over the
// same kept-alive connection as the other sequential rows (decision 0076).
import { benchFetch, percentile, sequentialWrite, type Sample } from './support';

interface FieldShape {
  id: number;
  type: string;
  full: boolean;
  vaults: Record<string, { position: number | null }>;
}

/**
 * Writes before the timed rounds (decision 0099). A server that has run for a day answers from
 * code V8 has optimised; the first hundreds of writes after a start are several times slower
 * (decision 0090: 14.8 / 8.7 / 10.6 ms of CPU per add / stage / move in the first 30 rounds,
 * 5.2 / 3.3 / 3.5 from round 400). Each warm-up round adds, stages, moves back and deletes on
 * one field, so it leaves the company as it found it.
 */
const WARM_UP_ROUNDS = Number(process.env.BENCH_WRITE_WARM_UP ?? 400);

interface Timed {
  ms: number;
  text: string;
}

/** A form as the bytes and content type a browser would send. */
export async function multipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Request('http://encode.invalid/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
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

/** One add, stage and move back on `field`, each timed; the vault ends back on the field. */
async function addStageMove(
  baseUrl: string,
  cookie: string,
  field: FieldShape,
  tag: string,
): Promise<{ vaultId: number; add: Timed; stage: Timed; move: Timed }> {
  const position = Object.keys(field.vaults).length + 1;
  const form = new FormData();
  form.set('customer_name', 'BENCH CUSTOMER');
  form.set('order_name', `BENCH-${tag}`);
  form.set('vault_id', `B${Date.now()}${tag}`);
  form.set('type', 'vault');
  form.set('field_id', String(field.id));
  form.set('position', String(position));
  const { body, contentType } = await multipart(form);
  const write = async (what: string, method: string, path: string, headers = {}, data?: Buffer) => {
    const start = performance.now();
    const res = await sequentialWrite(baseUrl + path, method, { cookie, ...headers }, data);
    const ms = performance.now() - start;
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${what} answered ${res.status}: ${res.text}`);
    }
    return { ms, text: res.text };
  };

  const add = await write(
    'add vault',
    'POST',
    '/api/vaults/',
    { 'content-type': contentType },
    body,
  );
  const vaultId = (JSON.parse(add.text) as { vault: { id: number } }).vault.id;
  const stage = await write('stage', 'POST', `/api/stage/vaults/${vaultId}`);
  const move = await write(
    'move',
    'PUT',
    '/api/vaults/move',
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ vaultId, fieldId: field.id, position })),
  );
  return { vaultId, add, stage, move };
}

export async function measureVaultOperations(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  rounds: number,
): Promise<Sample[]> {
  const warehouse = (await (
    await benchFetch(`${baseUrl}/api/warehouse/${warehouseId}`, { headers: { cookie } })
  ).json()) as {
    fieldCapacity: number;
    fields: Record<string, FieldShape>;
  };
  const open = Object.values(warehouse.fields).filter(
    (f) => f.type === 'vault' && !f.full && Object.keys(f.vaults).length < warehouse.fieldCapacity,
  );
  const [warmField] = open;
  if (!warmField) throw new Error('the bench warehouse has no field with room for a vault');
  for (let i = 0; i < WARM_UP_ROUNDS; i++) {
    const { vaultId } = await addStageMove(baseUrl, cookie, warmField, `W${i}`);
    const res = await sequentialWrite(`${baseUrl}/api/vaults/${vaultId}`, 'DELETE', { cookie });
    if (res.status < 200 || res.status > 299)
      throw new Error(`delete answered ${res.status}: ${res.text}`);
  }

  const adds: number[] = [];
  const stages: number[] = [];
  const moves: number[] = [];
  const bytes = { add: 0, stage: 0, move: 0 };
  for (let i = 0; i < Math.min(rounds, open.length); i++) {
    const { add, stage, move } = await addStageMove(baseUrl, cookie, open[i] as FieldShape, `${i}`);
    adds.push(add.ms);
    stages.push(stage.ms);
    moves.push(move.ms);
    bytes.add = add.text.length;
    bytes.stage = stage.text.length;
    bytes.move = move.text.length;
  }
  return [
    sample('add vault (multipart)', adds, bytes.add, 2.5),
    sample('stage vault', stages, bytes.stage, 1.5),
    sample('move vault back', moves, bytes.move, 1.5),
  ];
}
