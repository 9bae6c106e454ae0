// The backup at the bench's scale (issue 29): its size and time, and how long the floor's
// calls (a field read, a vault add) wait while it runs. Prints figures; asserts nothing.
// Usage: tsx bench/backup.ts   (DATA_DIR defaults to /tmp/vaultgrid-bench-backup)
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { queryRows } from '../src/server/db/client';
import { openRuntime } from '../src/server/runtime';
import { signIn } from './company';
import { seededOnce } from './seeded-folder';

const dataDir = process.env.DATA_DIR ?? '/tmp/vaultgrid-bench-backup';
const env = { DATA_DIR: dataDir, BACKUP_HOUR: 'off', LOG_LEVEL: 'warn', PORT: '0' };
const { email } = await seededOnce(env, 'backup');

const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'backup bench');
const [full] = await queryRows<{ id: number }>(
  runtime.database.db,
  sql`SELECT f.id FROM fields f JOIN vaults v ON v.field_id = f.id GROUP BY f.id LIMIT 1`,
);
const empties = await queryRows<{ id: number }>(
  runtime.database.db,
  sql`SELECT f.id FROM fields f WHERE NOT EXISTS (SELECT 1 FROM vaults v WHERE v.field_id = f.id) LIMIT 400`,
);
const [{ n: vaults } = { n: 0 }] = await queryRows<{ n: number }>(
  runtime.database.db,
  sql`SELECT count(*)::int AS n FROM vaults`,
);
await runtime.close();

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, ...env, HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => {
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /running at (http:\/\/\S+)/.exec(out);
    if (m?.[1]) resolve(m[1].replace('localhost', '127.0.0.1'));
  });
});
try {
  const cookie = await signIn(url, email);
  let added = 0;
  let refused = 0;
  const floorCall = async (): Promise<number> => {
    const started = performance.now();
    const isRead = added % 2 === 0;
    let res: Response;
    if (isRead) {
      res = await fetch(`${url}/api/fields/${full?.id}`, { headers: { cookie } });
    } else {
      const form = new FormData();
      const name = `BK${added}${Date.now()}`;
      form.set('customer_name', 'BENCH CUSTOMER');
      form.set('order_name', name);
      form.set('vault_id', name);
      form.set('type', 'vault');
      form.set('field_id', String(empties[added % empties.length]?.id));
      form.set('position', '1');
      res = await fetch(`${url}/api/vaults/`, { method: 'POST', body: form, headers: { cookie } });
    }
    added++;
    await res.arrayBuffer();
    // A call the engine could not take within its wait answers 503; it is counted, not fatal.
    if (res.status >= 500) refused++;
    return performance.now() - started;
  };
  const during: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < 40; i++) before.push(await floorCall());
  let done = false;
  const started = performance.now();
  const backup = fetch(`${url}/api/admin/backups`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  }).then(async (res) => {
    done = true;
    return { status: res.status, body: (await res.json()) as { bytes?: number; name?: string } };
  });
  while (!done) during.push(await floorCall());
  const answer = await backup;
  const ms = performance.now() - started;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    JSON.stringify(
      {
        vaults,
        backup: {
          status: answer.status,
          name: answer.body.name,
          bytes: answer.body.bytes,
          ms: Math.round(ms),
        },
        floorBefore: {
          calls: before.length,
          medianMs: Math.round(median(before)),
          maxMs: Math.round(Math.max(...before)),
        },
        refusedWith503: refused,
        floorDuring: {
          calls: during.length,
          medianMs: Math.round(median(during)),
          maxMs: Math.round(Math.max(...during)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  child.kill('SIGTERM');
}
