// Search suggestions alone, on the bench company: repeated texts (kept answers), texts not
// asked before (decision 0096), and the first searches after the server starts. Run from a
// tree's root: SEARCH_DATA=/tmp/folder tsx bench/search-measure.ts; with
// SEARCH_DATABASE_URL=postgres://... it runs on that database (seeded once, noted in the folder).
import fs from 'node:fs';
import { signIn } from './company';
import { seededOnce } from './seeded-folder';
import { measureNewTextSearch } from './search-texts';
import { measure, once, startServer, type Sample } from './support';

const dataDir = process.env.SEARCH_DATA ?? '';
if (!dataDir) throw new Error('SEARCH_DATA names the folder to seed into or reuse.');
fs.mkdirSync(dataDir, { recursive: true });
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.SEARCH_DATABASE_URL ?? '',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password-1',
};
const SAMPLES = Number(process.env.SEARCH_N ?? 200);

const { email, wid } = await seededOnce(env, 'search');
const server = await startServer(env);
try {
  const cookie = await signIn(server.url, email);
  const first = async (q: string, scope: string) =>
    (
      await once(
        server.url,
        { path: `/api/search/suggestions?q=${q}${scope}`, headers: { cookie } },
        true,
      )
    ).ms;
  // The first searches of a fresh server: one warehouse's names, then the other 19.
  const firstWarehouse = await first('qz', `&warehouseId=${wid}`);
  const firstCompany = await first('qz', '');
  // Those searches had the statement answer and the names read in the background (decision
  // 0096); the rows below measure a server that has them, as one does after its first minute.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const sequential = { samples: SAMPLES, connections: 1, seconds: 0 };
  const rows: Sample[] = [
    await measure(
      server.url,
      'repeated text (company)',
      { path: '/api/search/suggestions?q=son', headers: { cookie } },
      sequential,
    ),
    await measure(
      server.url,
      'repeated text (warehouse)',
      { path: `/api/search/suggestions?q=10&warehouseId=${wid}`, headers: { cookie } },
      sequential,
    ),
    ...(await measureNewTextSearch(server.url, cookie, wid, SAMPLES)),
  ];
  console.log(
    `first search after start: warehouse ${firstWarehouse.toFixed(1)} ms, company ${firstCompany.toFixed(1)} ms`,
  );
  for (const r of rows)
    console.log(`${r.name}: median ${r.medianMs.toFixed(2)} ms, p95 ${r.p95Ms.toFixed(2)} ms`);
} finally {
  server.child.kill('SIGTERM');
}
