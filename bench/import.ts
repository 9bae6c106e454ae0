// The spreadsheet import of a large file through the HTTP API, on a server of its own: upload
// the CSV, start the job with the mapping it suggests, poll until it ends.
import fs from 'node:fs';
import { columnLetters } from '../src/domain/field-names';
import { figure, type Figure } from './figures';
import { PASSWORD, signIn, startServer, tempDir } from './support';

const ROWS = 50_000;

/** 50 columns x 100 rows of fields of 10: every row of the file has its own place. */
function buildCsv(): Buffer {
  const lines = ['Vault Number,Customer,Order,Type,Warehouse,Field,Position,Note'];
  for (let i = 0; i < ROWS; i++) {
    const f = Math.floor(i / 10);
    const field = `${columnLetters(Math.floor(f / 100))}${(f % 100) + 1}`;
    lines.push(
      `V${i + 1},Customer ${i % 700},Order ${i % 3000},vault,Import Bench,${field},${(i % 10) + 1},Imported`,
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

export async function measureImport(port: number): Promise<Figure[]> {
  const dataDir = tempDir('import');
  const email = 'import-bench@example.com';
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: PASSWORD,
    COMPANY_NAME: 'Import Bench',
  };
  const server = await startServer(env, port);
  try {
    const client = await signIn(server.url, email);
    const warehouse = {
      name: 'Import Bench',
      rows: 100,
      cols: 50,
      field_capacity: 10,
      length: 500,
      width: 1000,
    };
    await client.call('POST', '/api/warehouse/add-warehouse', warehouse);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildCsv())]), 'vaults.csv');
    const started = performance.now();
    const job = JSON.parse((await client.call('POST', '/api/imports', form)).text()) as {
      id: number;
      suggested_mapping: unknown;
    };
    await client.call('POST', `/api/imports/${job.id}/start`, { mapping: job.suggested_mapping });
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const res = await fetch(`${server.url}/api/imports/${job.id}`, {
        headers: { cookie: client.cookie },
      });
      // A busy engine may turn a progress poll away; the import page asks again, as here.
      if (res.status === 503) continue;
      const state = (await res.json()) as { status: string; message: string | null };
      if (state.status === 'done') break;
      if (!['uploaded', 'running'].includes(state.status))
        throw new Error(`The import ended ${state.status}: ${state.message}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = ROWS.toLocaleString('en-US');
    return [figure(`import of ${rows} rows, upload to done`, 'PGlite', null, [seconds], 's')];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
