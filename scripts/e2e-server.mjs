// Starts the built server on a fresh embedded database for the browser tests.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
const child = spawn('sh', ['scripts/start-server.sh'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
