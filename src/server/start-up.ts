import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FirstAdmin } from './bootstrap';

/**
 * The addresses phones and tablets on the LAN open: every IPv4 address of this machine when
 * the server listens on all of them, the one it listens on, or none when only this machine
 * can reach it.
 */
export function lanAddresses(
  host: string,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  if (host === '0.0.0.0' || host === '::') {
    return Object.values(interfaces)
      .flatMap((list) => list ?? [])
      .filter((entry) => entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry.address);
  }
  const isLoopback = host === 'localhost' || host.startsWith('127.') || host.includes(':');
  return isLoopback ? [] : [host];
}

/** Lines framed so they stand out among the JSON log lines around them. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${rule}╝`].join(
    '\n',
  );
}

export interface StartUp {
  port: number;
  /** The HTTPS listener's port; null when HTTPS_PORT=off. */
  httpsPort: number | null;
  /** The certificate is one made for this machine, which each phone accepts once. */
  isCertificateMadeHere: boolean;
  engine: string;
  lan: string[];
}

/** What `npm start` prints once both listeners run: where the app is, on this machine and on the LAN. */
export function addressLines(s: StartUp): string[] {
  const lines = [`Vaultgrid is running at http://localhost:${s.port} (${s.engine}).`];
  if (s.httpsPort !== null) {
    lines.push(
      `Also at https://localhost:${s.httpsPort}, where phones may use the camera` +
        (s.isCertificateMadeHere ? ' (a certificate made for this machine: accept it once).' : '.'),
    );
  }
  if (s.lan.length > 0) {
    lines.push('Phones and tablets on this network open:');
    for (const ip of s.lan) {
      lines.push(`  http://${ip}:${s.port}`);
      if (s.httpsPort !== null) lines.push(`  https://${ip}:${s.httpsPort}  (for the camera)`);
    }
  }
  return lines;
}

/**
 * The first admin's sign-in, kept in DATA_DIR until someone signs in: the box on the console
 * scrolls away under the request log, and a generated password cannot be asked for again.
 */
export class FirstSignInFile {
  readonly path: string;
  private isKept: boolean;

  constructor(dataDir: string) {
    this.path = path.join(dataDir, 'first-sign-in.txt');
    this.isKept = fs.existsSync(this.path);
  }

  get exists(): boolean {
    return this.isKept;
  }

  /**
   * Keeps a generated password; one given in ADMIN_PASSWORD is known to whoever set it.
   * Never fails the start: the box on the console still shows the password.
   */
  write(first: FirstAdmin): void {
    if (!first.generatedPassword) return;
    const text = [
      'The first sign-in to Vaultgrid. This file is removed once someone signs in.',
      '',
      `Company:  ${first.companyName}`,
      `Email:    ${first.email}`,
      `Password: ${first.generatedPassword}`,
      '',
    ].join('\n');
    // Opened owner-only before the password is written; chmod too, as a file left from an
    // earlier database keeps the mode it was made with.
    try {
      fs.mkdirSync(path.dirname(this.path), { recursive: true });
      const fd = fs.openSync(this.path, 'w', 0o600);
      try {
        fs.fchmodSync(fd, 0o600);
        fs.writeFileSync(fd, text);
      } finally {
        fs.closeSync(fd);
      }
      this.isKept = true;
    } catch (error) {
      console.error(`The first sign-in could not be kept in ${this.path}: ${String(error)}`);
    }
  }

  /** Called at every sign-in; touches the disk only the first time. */
  remove(): void {
    if (!this.isKept) return;
    this.isKept = false;
    fs.rmSync(this.path, { force: true });
  }
}

/** The box printed after the last start-up line on a first start, or while nobody has signed in. */
export function firstSignInBox(first: FirstAdmin | null, file: FirstSignInFile): string | null {
  if (first) {
    const lines = [
      'FIRST SIGN-IN',
      '',
      `Created company "${first.companyName}" with the first user ${first.email}.`,
    ];
    if (first.generatedPassword) {
      lines.push(`Sign in with ${first.email} / ${first.generatedPassword}`);
      if (file.exists) {
        lines.push(
          '',
          'Until someone signs in, it is also kept, readable by you only, in',
          file.path,
        );
      } else {
        lines.push('', 'Write it down: it could not be kept in DATA_DIR.');
      }
    } else {
      lines.push(`Sign in with ${first.email} and the password in ADMIN_PASSWORD.`);
    }
    return boxed(lines);
  }
  if (file.exists) {
    return boxed([
      'FIRST SIGN-IN',
      '',
      'Nobody has signed in yet. The first sign-in is in',
      file.path,
    ]);
  }
  return null;
}

/**
 * Resolves once the log lines already given are written. Pino writes them in the background
 * and console.log at once, so a message printed without waiting can land above the last of them.
 */
export function logsWritten(log: object): Promise<void> {
  return new Promise((resolve) => {
    const flush: unknown = 'flush' in log ? log.flush : undefined;
    if (typeof flush !== 'function') return resolve();
    flush.call(log, () => resolve());
  });
}
