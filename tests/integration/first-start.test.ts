import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process';

const tempDirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-first-start-'));
  tempDirs.push(dir);
  return dir;
}

function start(env: Record<string, string>) {
  const server = startServerProcess({ PORT: '0', LOG_LEVEL: 'info', ...env });
  children.push(server.child);
  return server;
}

/** The start-up output up to and including the box, once the box (or its absence) is printed. */
async function startedOutput(server: ReturnType<typeof start>): Promise<string> {
  await server.ready;
  // The address lines and the box are one write; give the pipe a moment to deliver all of it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return server.output();
}

async function signIn(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('the first start', () => {
  it('prints the first sign-in in a box after the last start-up line, and keeps it owner-only in DATA_DIR until someone signs in', async () => {
    const dir = tempDir();
    const server = start({ DATA_DIR: dir });
    const output = await startedOutput(server);
    const url = await server.ready;

    const lines = output.trimEnd().split('\n');
    const lastLog = lines.findLastIndex((line) => line.startsWith('{'));
    const running = lines.findIndex((line) => line.includes('Vaultgrid is running at'));
    const top = lines.findIndex((line) => line.startsWith('╔'));
    expect(lastLog).toBeGreaterThanOrEqual(0);
    expect(running).toBeGreaterThan(lastLog);
    expect(top).toBeGreaterThan(running);
    expect(lines.at(-1)).toMatch(/^╚═+╝$/);
    const box = lines.slice(top).join('\n');
    expect(box).toContain('FIRST SIGN-IN');
    expect(box).toContain(
      'Created company "My Storage Company" with the first user admin@example.com.',
    );
    const password = /Sign in with admin@example\.com \/ (\S{12,})/.exec(box)?.[1];
    expect(password).toBeDefined();
    const file = path.join(dir, 'first-sign-in.txt');
    expect(box).toContain('Until someone signs in, it is also kept, readable by you only, in');
    expect(box).toMatch(new RegExp(`║  ${file}\\s+║`));

    const kept = fs.statSync(file);
    expect(kept.mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('Email:    admin@example.com');
    expect(text).toContain(`Password: ${password}`);

    expect(await signIn(url, 'admin@example.com', 'not-the-password')).toBe(401);
    expect(fs.existsSync(file)).toBe(true);
    expect(await signIn(url, 'admin@example.com', String(password))).toBe(200);
    expect(fs.existsSync(file)).toBe(false);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const again = start({ DATA_DIR: dir });
    const second = await startedOutput(again);
    expect(second).not.toContain('FIRST SIGN-IN');
    expect(second).not.toContain(String(password));
    expect(fs.existsSync(file)).toBe(false);
  }, 180_000);

  it('points to the kept sign-in at each start while nobody has signed in', async () => {
    const dir = tempDir();
    const server = start({ DATA_DIR: dir, HTTPS_PORT: 'off' });
    await startedOutput(server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const again = start({ DATA_DIR: dir, HTTPS_PORT: 'off' });
    const output = await startedOutput(again);
    const file = path.join(dir, 'first-sign-in.txt');
    expect(output).not.toContain('Created company');
    expect(output).toContain('Nobody has signed in yet. The first sign-in is in');
    expect(output).toMatch(new RegExp(`║  ${file}\\s+║`));
    expect(fs.existsSync(file)).toBe(true);
  }, 180_000);

  it('writes no file when the first password was given in ADMIN_PASSWORD', async () => {
    const dir = tempDir();
    const server = start({
      DATA_DIR: dir,
      HTTPS_PORT: 'off',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password',
    });
    const output = await startedOutput(server);
    expect(output).toContain('Sign in with owner@example.com and the password in ADMIN_PASSWORD.');
    expect(output).not.toContain('owner-password');
    expect(fs.existsSync(path.join(dir, 'first-sign-in.txt'))).toBe(false);
  }, 120_000);
});

describe('the addresses npm start prints', () => {
  it('names this machine and every LAN address phones may open, over http and https', async () => {
    const dir = tempDir();
    const server = start({ DATA_DIR: dir, HOST: '0.0.0.0' });
    const output = await startedOutput(server);
    const port = new URL(await server.ready).port;
    const httpsPort = /Also at https:\/\/localhost:(\d+), where phones may use the camera/.exec(
      output,
    )?.[1];
    expect(httpsPort).toBeDefined();
    const lan = Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((entry) => entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry.address);
    // The test machine has a LAN address; without one this test would check nothing.
    expect(lan.length).toBeGreaterThan(0);
    expect(output).toContain('Phones and tablets on this network open:');
    for (const ip of lan) {
      expect(output).toContain(`  http://${ip}:${port}\n`);
      expect(output).toContain(`  https://${ip}:${httpsPort}  (for the camera)\n`);
    }
    const printed = output.slice(output.indexOf('Vaultgrid is running at'));
    expect(printed).not.toContain('127.0.0.1');

    // The https address printed answers, with the certificate made in DATA_DIR.
    const ca = fs.readFileSync(path.join(dir, 'tls', 'cert.pem'), 'utf8');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      https
        .get(`https://${lan[0]}:${httpsPort}/healthz`, { ca }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
  }, 120_000);
});

describe('npm run demo', () => {
  it('ends with the command that starts the server', async () => {
    const dir = tempDir();
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['bin/vaultgrid.mjs', 'demo'],
        { env: { ...process.env, DATA_DIR: dir } },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
    });
    const lines = stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toBe('Sign in as demo@vaultgrid.example / vaultgrid-demo');
    expect(lines.at(-1)).toBe('Start the server with: npm start');
  }, 180_000);
});
