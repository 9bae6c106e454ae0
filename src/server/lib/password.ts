import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scryptNow = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Hashes at once. Each holds 32 MiB while it runs, and libuv's four threads would run four:
 * a burst of sign-ins raised the server's peak memory by 128 MiB (decision 0080). Hashing is
 * CPU work, so more at once than cores only shares them; the rest wait their turn, as they
 * waited for a free libuv thread before, and are never refused.
 */
const HASHES_AT_ONCE = 2;
let hashing = 0;
const hashQueue: (() => void)[] = [];

async function scrypt(...args: Parameters<typeof scryptNow>): Promise<Buffer> {
  if (hashing >= HASHES_AT_ONCE) await new Promise<void>((turn) => hashQueue.push(turn));
  hashing++;
  try {
    return await scryptNow(...args);
  } finally {
    hashing--;
    hashQueue.shift()?.();
  }
}

// scrypt with N=2^15, r=8: 32 MiB of memory per hash, which is what makes it costly to guess.
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY });
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, key] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to check against when no user matches, so an unknown email takes as long as a known one. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export function generatePassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}
