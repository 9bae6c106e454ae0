import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { loadOrMakeCertificate } from '../../src/server/http/https-listener';
import { freePort } from '../support/postgres-cluster';
import { startServerProcess } from '../support/server-process';

const tempDirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http(s) rather than fetch: the test sets Host, and trusts only the server's own cert. */
function get(url: string, options: { headers?: Record<string, string>; ca?: string } = {}) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise<Reply>((resolve, reject) => {
    const req = client.get(url, { headers: options.headers, ca: options.ca }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

describe('the HTTPS listener, for the camera on phones', () => {
  it('serves the same app and session over a certificate made for this machine, kept across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-https-'));
    tempDirs.push(dir);
    const httpsPort = await freePort();
    const env = {
      DATA_DIR: dir,
      PORT: '0',
      HTTPS_PORT: String(httpsPort),
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password',
    };
    const server = startServerProcess(env);
    children.push(server.child);
    const url = await server.ready;
    expect(server.output()).toContain(`Also at https://localhost:${httpsPort}`);

    const cert = fs.readFileSync(path.join(dir, 'tls', 'cert.pem'), 'utf8');
    const x509 = new crypto.X509Certificate(cert);
    expect(x509.checkHost(os.hostname())).toBe(os.hostname());
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');

    // Signed in over plain http, as on the LAN; the same cookie works on the secure address.
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await get(`https://localhost:${httpsPort}/api/auth/`, {
      headers: { cookie },
      ca: cert,
    });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ email: 'owner@example.com' });
    expect(me.headers['content-security-policy']).toContain('upgrade-insecure-requests');

    // A phone that opened http://vaultgrid.lan is sent to the same name over https.
    const secure = await get(`${url}/api/secure-address`, {
      headers: { host: 'vaultgrid.lan:3000' },
    });
    expect(JSON.parse(secure.body)).toEqual({ url: `https://vaultgrid.lan:${httpsPort}` });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const again = startServerProcess(env);
    children.push(again.child);
    await again.ready;
    expect(fs.readFileSync(path.join(dir, 'tls', 'cert.pem'), 'utf8')).toBe(cert);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('runs by default on a port of its own, and the secure address names the port it got', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-https-'));
    tempDirs.push(dir);
    const server = startServerProcess({ DATA_DIR: dir, PORT: '0' });
    children.push(server.child);
    const url = await server.ready;
    const httpsPort = /Also at https:\/\/localhost:(\d+),/.exec(server.output())?.[1];
    expect(Number(httpsPort)).toBeGreaterThan(0);
    const secure = await get(`${url}/api/secure-address`, { headers: { host: 'vaultgrid.lan' } });
    expect(JSON.parse(secure.body)).toEqual({ url: `https://vaultgrid.lan:${httpsPort}` });
    const cert = fs.readFileSync(path.join(dir, 'tls', 'cert.pem'), 'utf8');
    expect((await get(`https://localhost:${httpsPort}/healthz`, { ca: cert })).status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 60_000);

  it('answers a null secure address when HTTPS_PORT=off', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-https-'));
    tempDirs.push(dir);
    const server = startServerProcess({ DATA_DIR: dir, PORT: '0', HTTPS_PORT: 'off' });
    children.push(server.child);
    const url = await server.ready;
    expect(JSON.parse((await get(`${url}/api/secure-address`)).body)).toEqual({ url: null });
    expect(server.output()).not.toContain('https://');
    expect(fs.existsSync(path.join(dir, 'tls'))).toBe(false);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 60_000);

  it("makes a new certificate when the kept key is not the certificate's own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-https-'));
    tempDirs.push(dir);
    const names = { dns: ['localhost'], ips: ['127.0.0.1'] };
    const made = await loadOrMakeCertificate({ dataDir: dir, names });
    expect(await loadOrMakeCertificate({ dataDir: dir, names })).toEqual(made);
    // As when two instances sharing DATA_DIR each wrote their pair at once.
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    fs.writeFileSync(
      path.join(dir, 'tls', 'key.pem'),
      privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const again = await loadOrMakeCertificate({ dataDir: dir, names });
    expect(again.cert).not.toBe(made.cert);
    expect(
      new crypto.X509Certificate(again.cert).checkPrivateKey(crypto.createPrivateKey(again.key)),
    ).toBe(true);
  });

  it('listens 443 above PORT unless told otherwise, and refuses a bad setting with a sentence', () => {
    expect(loadConfig({}).https?.port).toBe(3443);
    expect(loadConfig({ PORT: '8080' }).https?.port).toBe(8523);
    expect(loadConfig({ PORT: '0' }).https?.port).toBe(0);
    expect(loadConfig({ HTTPS_PORT: '9443' }).https?.port).toBe(9443);
    expect(loadConfig({ HTTPS_PORT: 'off' }).https).toBeNull();
    expect(() => loadConfig({ HTTPS_PORT: 'https' })).toThrow(
      'HTTPS_PORT must be a port number, or off (got "https")',
    );
    expect(() => loadConfig({ PORT: '65200' })).toThrow(
      'Vaultgrid cannot start: HTTPS_PORT is PORT + 443 unless set, and 65643 is over 65535; set HTTPS_PORT to a port number, or to off.',
    );
    expect(() =>
      loadConfig({ HTTPS_PORT: 'off', TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' }),
    ).toThrow('Vaultgrid cannot start: TLS_CERT_FILE is set, but HTTPS_PORT=off.');
    expect(() => loadConfig({ HTTPS_PORT: '3443', TLS_CERT_FILE: 'cert.pem' })).toThrow(
      new ConfigError(
        'Vaultgrid cannot start: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.',
      ),
    );
    expect(loadConfig({ HTTPS_PORT: '3443' }).https).toEqual({
      port: 3443,
      certFile: undefined,
      keyFile: undefined,
    });
  });
});
