import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressLines, boxed, FirstSignInFile, firstSignInBox, lanAddresses } from './start-up';

function entry(
  address: string,
  family: 'IPv4' | 'IPv6',
  internal: boolean,
): os.NetworkInterfaceInfo {
  const common = { address, netmask: '', mac: '', internal, cidr: null };
  return family === 'IPv4' ? { ...common, family } : { ...common, family, scopeid: 0 };
}

const interfaces = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  eth0: [entry('192.168.1.20', 'IPv4', false), entry('fe80::1', 'IPv6', false)],
  wlan0: [entry('10.0.0.7', 'IPv4', false)],
};

describe('the LAN addresses npm start prints', () => {
  it('lists every outside IPv4 address when the server listens on all of them', () => {
    expect(lanAddresses('0.0.0.0', interfaces)).toEqual(['192.168.1.20', '10.0.0.7']);
    expect(lanAddresses('::', interfaces)).toEqual(['192.168.1.20', '10.0.0.7']);
  });

  it('names the one address it listens on, and none when only this machine can reach it', () => {
    expect(lanAddresses('192.168.1.20', interfaces)).toEqual(['192.168.1.20']);
    expect(lanAddresses('127.0.0.1', interfaces)).toEqual([]);
    expect(lanAddresses('localhost', interfaces)).toEqual([]);
    expect(lanAddresses('::1', interfaces)).toEqual([]);
  });

  it('gives each LAN address over http, and over https for the camera', () => {
    const lines = addressLines({
      port: 3000,
      httpsPort: 3443,
      isCertificateMadeHere: true,
      engine: 'PostgreSQL',
      lan: ['192.168.1.20'],
    });
    expect(lines).toEqual([
      'Vaultgrid is running at http://localhost:3000 (PostgreSQL).',
      'Also at https://localhost:3443, where phones may use the camera (a certificate made for this machine: accept it once).',
      'Phones and tablets on this network open:',
      '  http://192.168.1.20:3000',
      '  https://192.168.1.20:3443  (for the camera)',
    ]);
    expect(
      addressLines({
        port: 3000,
        httpsPort: null,
        isCertificateMadeHere: true,
        engine: 'PostgreSQL',
        lan: [],
      }),
    ).toEqual(['Vaultgrid is running at http://localhost:3000 (PostgreSQL).']);
  });
});

describe('the box around the first sign-in', () => {
  it('frames lines of any length in one width', () => {
    expect(boxed(['FIRST SIGN-IN', '', 'a longer line'])).toBe(
      [
        '╔═════════════════╗',
        '║  FIRST SIGN-IN  ║',
        '║                 ║',
        '║  a longer line  ║',
        '╚═════════════════╝',
      ].join('\n'),
    );
  });
});

describe('the kept first sign-in', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    vi.restoreAllMocks();
  });
  const first = { companyName: 'Acme', email: 'a@example.com', generatedPassword: 'pw-123456789' };

  it('is owner-only even over a file an earlier database left readable to all', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-start-up-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'first-sign-in.txt'), 'old', { mode: 0o644 });
    const file = new FirstSignInFile(dir);
    file.write(first);
    expect(fs.statSync(file.path).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file.path, 'utf8')).toContain('Password: pw-123456789');
    file.remove();
    expect(fs.existsSync(file.path)).toBe(false);
  });

  it('when it cannot be written, the start goes on and the box says to write it down', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-start-up-'));
    dirs.push(dir);
    const notADir = path.join(dir, 'data');
    fs.writeFileSync(notADir, '');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = new FirstSignInFile(notADir);
    file.write(first);
    expect(file.exists).toBe(false);
    const box = firstSignInBox(first, file);
    expect(box).toContain('Sign in with a@example.com / pw-123456789');
    expect(box).toContain('Write it down: it could not be kept in DATA_DIR.');
  });
});
