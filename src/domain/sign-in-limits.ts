// Sign-in limits (docs/decisions/0013-sign-in-limits.md). Each failed sign-in counts against a
// few keys; a key that reaches its limit is locked for a delay that doubles with each lockout.

/** Failures older than this no longer count towards a limit. */
export const SIGN_IN_WINDOW_MINUTES = 15;
/** One address guessing one email: the tight limit, which leaves that address's other emails alone. */
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL = 10;
/** One email from anywhere: bounds guessing spread over many addresses. */
export const SIGN_IN_MAX_FAILURES_PER_EMAIL = 30;
/** One address, every email: high, so a crew behind one router is not locked out by one of them. */
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 200;
/** A device the email signed in from before: its own limit, untouched by strangers' failures. */
const SIGN_IN_MAX_FAILURES_PER_KNOWN_DEVICE = 10;
export const SIGN_IN_FIRST_LOCKOUT_MINUTES = 1;
export const SIGN_IN_MAX_LOCKOUT_MINUTES = 60;
/** A lock, and the count of lockouts behind the next delay, is forgotten after a quiet day. */
export const SIGN_IN_COUNTER_IDLE_HOURS = 24;
/** How long a device stays known without a sign-in from it. */
export const KNOWN_DEVICE_DAYS = 180;

export interface SignInLimit {
  key: string;
  limit: number;
}

/**
 * The counters one sign-in attempt counts against, in a fixed order (so that concurrent
 * attempts lock their rows in the same order). From a device the email signed in from
 * before, only that device's own counter applies: a stranger's failures for the email or
 * the address cannot lock the real user out.
 */
export function signInLimits(attempt: {
  email: string;
  ip: string;
  knownDevice: string | null;
}): SignInLimit[] {
  if (attempt.knownDevice !== null) {
    return [
      {
        key: `device:${attempt.knownDevice}:${attempt.email}`,
        limit: SIGN_IN_MAX_FAILURES_PER_KNOWN_DEVICE,
      },
    ];
  }
  const limits: SignInLimit[] = [
    { key: `email:${attempt.email}`, limit: SIGN_IN_MAX_FAILURES_PER_EMAIL },
    { key: `ip:${attempt.ip}`, limit: SIGN_IN_MAX_FAILURES_PER_ADDRESS },
    {
      key: `ip-email:${attempt.ip}:${attempt.email}`,
      limit: SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL,
    },
  ];
  return limits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** True for the address counter, which a successful sign-in only gives its one count back to. */
export function isAddressKey(key: string): boolean {
  return key.startsWith('ip:');
}

/** The delay of the next lockout of a key that was locked `lockouts` times before. */
export function lockoutMinutes(lockouts: number): number {
  const doubled = SIGN_IN_FIRST_LOCKOUT_MINUTES * 2 ** Math.min(Math.max(lockouts, 0), 30);
  return Math.min(doubled, SIGN_IN_MAX_LOCKOUT_MINUTES);
}

export function retryMessage(minutes: number): string {
  const whole = Math.max(1, Math.ceil(minutes));
  return `Too many failed sign-in attempts. Try again in ${whole} minute${whole === 1 ? '' : 's'}.`;
}
