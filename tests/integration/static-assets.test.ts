// The built client is sent as compressed at build time, and hashed files are kept by
// browsers for a year (decision 0026).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let webRoot: string;
const script = `console.log(${JSON.stringify('vaultgrid '.repeat(400))});\n`;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    `<!doctype html><title>x</title>${'<p>'.repeat(600)}`,
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), script);
  execFileSync(process.execPath, ['scripts/precompress-web.mjs', webRoot]);
  // Tests run on one engine at a time; static files do not touch the database.
  app = await startTestApp(null, { webRoot });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('static assets', () => {
  it('are precompressed at build with Brotli and gzip', () => {
    const js = path.join(webRoot, 'assets', 'index-Ab12Cd34.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
  });

  it('sends the Brotli file built beside a hashed asset, kept for a year', async () => {
    const res = await fetch(`${app.baseUrl}/assets/index-Ab12Cd34.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    const built = fs.readFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js.br'));
    // fetch decodes Brotli itself; the decoded text is the script, and the server sent the
    // build's bytes (its length), not a per-request compression.
    expect(body.toString()).toBe(script);
    expect(Number(res.headers.get('content-length') ?? built.length)).toBe(built.length);
  });

  it('sends gzip to a client without Brotli, and the app shell is always asked again', async () => {
    const js = await fetch(`${app.baseUrl}/assets/index-Ab12Cd34.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(js.headers.get('content-encoding')).toBe('gzip');
    const shell = await fetch(`${app.baseUrl}/warehouse/anything`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
  });
});
