import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * A second listener over HTTPS for the same app (decision 0046). Browsers open the camera only
 * on secure pages, and the app is reached over plain HTTP on the LAN, so scanning labels with a
 * phone needs this address. Requests go through the app's own routing: same routes, hooks,
 * session cookies (a cookie set over http is sent over https to the same host too), CSP.
 */
export interface HttpsListener {
  port: number;
  /** Stops taking connections and ends idle and streaming ones (the app drains its streams). */
  close(): Promise<void>;
}

interface KeyPair {
  cert: string;
  key: string;
}

/** Names this machine answers to on the LAN: its host name, localhost, and every address. */
function machineNames(): { dns: string[]; ips: string[] } {
  const host = os.hostname();
  const dns = [...new Set(['localhost', host, `${host}.local`])];
  const ips = Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((entry) => entry.address.replace(/%.*$/, ''));
  return { dns, ips: [...new Set(['127.0.0.1', '::1', ...ips])] };
}

const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether a kept certificate still serves: its key is the one beside it (two instances that
 * share DATA_DIR and start together may each write one), not running out within a month,
 * and naming every current name and address (a machine that moved to another network gets
 * a new one).
 */
function stillFits(kept: KeyPair, names: { dns: string[]; ips: string[] }): boolean {
  const x509 = new crypto.X509Certificate(kept.cert);
  if (!x509.checkPrivateKey(crypto.createPrivateKey(kept.key))) return false;
  if (new Date(x509.validTo).getTime() - Date.now() < RENEW_BEFORE_MS) return false;
  const alt = x509.subjectAltName ?? '';
  return (
    names.dns.every((name) => alt.includes(`DNS:${name}`)) &&
    names.ips.every((ip) => x509.checkIP(ip) !== undefined)
  );
}

/**
 * The certificate named by TLS_CERT_FILE/TLS_KEY_FILE, else one made for this machine and kept
 * under DATA_DIR/tls, so phones that accepted it once are not asked again at each start.
 */
export async function loadOrMakeCertificate(options: {
  dataDir: string;
  certFile?: string;
  keyFile?: string;
  names?: { dns: string[]; ips: string[] };
}): Promise<KeyPair> {
  if (options.certFile && options.keyFile) {
    return {
      cert: fs.readFileSync(options.certFile, 'utf8'),
      key: fs.readFileSync(options.keyFile, 'utf8'),
    };
  }
  const names = options.names ?? machineNames();
  const dir = path.join(options.dataDir, 'tls');
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  if (fs.existsSync(certPath) && fs.existsSync(keyPath)) {
    const kept = { cert: fs.readFileSync(certPath, 'utf8'), key: fs.readFileSync(keyPath, 'utf8') };
    if (stillFits(kept, names)) return kept;
  }
  const notBeforeDate = new Date();
  // Browsers cap the life of publicly trusted certificates, not of one a user accepted by hand;
  // two years spares the crew a warning at every renewal.
  const notAfterDate = new Date(notBeforeDate.getTime() + 2 * 365 * 24 * 60 * 60 * 1000);
  // Loaded only when a certificate is made (about 3 MiB of heap otherwise held; decision 0080).
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: os.hostname() }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...names.dns.map((value) => ({ type: 2 as const, value })),
          ...names.ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyPath, pems.private, { mode: 0o600 });
  fs.writeFileSync(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private };
}

export async function startHttpsListener(
  app: FastifyInstance,
  options: { port: number; host: string; keyPair: KeyPair },
): Promise<HttpsListener> {
  const server = https.createServer(options.keyPair, (req, res) => app.routing(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
