import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Cluster {
  url: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts a throwaway PostgreSQL cluster for one test run: initdb into a temp folder, start on
 * a free loopback port, and remove it all on stop. PostgreSQL refuses to run as root, so
 * as root the cluster belongs to the `postgres` user.
 */
/** PostgreSQL's programs: on the PATH, or in Debian's versioned folder, which is not. */
function postgresBin(name: string): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found: install the postgresql package (scripts/ensure-test-tools.sh).`,
  );
}

export async function startCluster(): Promise<Cluster> {
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-pg-'));
  const run = (cmd: string, args: string[]) => {
    const bin = postgresBin(cmd);
    const full = isRoot
      ? (['runuser', ['-u', 'postgres', '--', bin, ...args]] as const)
      : ([bin, args] as const);
    const result = spawnSync(full[0], [...full[1]], { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(
        `${cmd} failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`,
      );
    }
  };
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
