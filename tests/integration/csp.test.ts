import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startTestApp, type TestApp } from '../support/test-app';

const policyOf = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  // Read to the end as a browser does: an answer left unread holds its connection open, and
  // the apps' close waits for it.
  await res.arrayBuffer();
  return res.headers.get('content-security-policy') ?? '';
};

describe('content security policy over plain http and https', () => {
  let plain: TestApp;
  let proxied: TestApp;
  let forced: TestApp;
  beforeAll(async () => {
    plain = await startTestApp(inject('postgresUrl'));
    proxied = await startTestApp(inject('postgresUrl'), { trustProxy: true });
    forced = await startTestApp(inject('postgresUrl'), { cspUpgradeInsecure: true });
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), proxied?.close(), forced?.close()]);
  });

  it('does not ask a browser on plain http to upgrade to https, so the LAN page loads', async () => {
    const policy = await policyOf(`${plain.baseUrl}/api/docs`);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('asks for the upgrade when a trusted proxy says the request came over https', async () => {
    expect(
      await policyOf(`${proxied.baseUrl}/api/docs`, { 'x-forwarded-proto': 'https' }),
    ).toContain('upgrade-insecure-requests');
    expect(await policyOf(`${proxied.baseUrl}/api/docs`)).not.toContain(
      'upgrade-insecure-requests',
    );
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    expect(
      await policyOf(`${plain.baseUrl}/api/docs`, { 'x-forwarded-proto': 'https' }),
    ).not.toContain('upgrade-insecure-requests');
  });

  it('asks for the upgrade on plain http when CSP_UPGRADE_INSECURE is set', async () => {
    expect(await policyOf(`${forced.baseUrl}/api/docs`)).toContain('upgrade-insecure-requests');
  });

  it("sends helmet's security headers on answers, refusals and unknown paths alike", async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
        "frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';" +
        "script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const path of ['/api/docs', '/api/auth/', '/api/no-such-call']) {
      const res = await fetch(`${plain.baseUrl}${path}`);
      await res.arrayBuffer();
      expect(Object.fromEntries(Object.keys(expected).map((h) => [h, res.headers.get(h)]))).toEqual(
        expected,
      );
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('headers that apply only on a trustworthy origin', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await startTestApp(inject('postgresUrl'));
    proxied = await startTestApp(inject('postgresUrl'), { trustProxy: true });
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), proxied?.close()]);
  });

  /** Headers of a page asked for under another host name, as a LAN browser would. */
  const headersAt = (baseUrl: string, host: string, extra: Record<string, string> = {}) =>
    new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const url = new URL('/dashboard', baseUrl);
      const req = http.get(url, { headers: { host, ...extra } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
      req.on('error', reject);
    });
  const openerHeaders = (h: http.IncomingHttpHeaders) => [
    h['cross-origin-opener-policy'] ?? null,
    h['origin-agent-cluster'] ?? null,
  ];

  it('leaves out the opener and agent-cluster headers over plain http on a LAN name', async () => {
    const port = new URL(plain.baseUrl).port;
    const lan = await headersAt(plain.baseUrl, `vaultgrid.lan:${port}`);
    expect(openerHeaders(lan)).toEqual([null, null]);
    expect(lan['content-security-policy']).toContain("default-src 'self'");
    expect(lan['x-content-type-options']).toBe('nosniff');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect(openerHeaders(await headersAt(plain.baseUrl, host)), host).toEqual([
        'same-origin',
        '?1',
      ]);
    }
  });

  it('sends them over https, seen through a trusted proxy', async () => {
    const port = new URL(proxied.baseUrl).port;
    const https = await headersAt(proxied.baseUrl, `vaultgrid.lan:${port}`, {
      'x-forwarded-proto': 'https',
    });
    expect(openerHeaders(https)).toEqual(['same-origin', '?1']);
  });
});

describe('CSP_UPGRADE_INSECURE', () => {
  it('is off by default, on with "true", and a bad value stops the start naming it', () => {
    expect(loadConfig({}).cspUpgradeInsecure).toBe(false);
    expect(loadConfig({ CSP_UPGRADE_INSECURE: 'true' }).cspUpgradeInsecure).toBe(true);
    expect(() => loadConfig({ CSP_UPGRADE_INSECURE: 'yes' })).toThrow(/CSP_UPGRADE_INSECURE/);
  });
});
