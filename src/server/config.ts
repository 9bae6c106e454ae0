import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  HTTPS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^(\d+|off)$/, 'must be a port number, or off')
      .transform((v) => (v === 'off' ? v : Number(v)))
      .refine((port) => port === 'off' || port <= 65535, 'must be between 0 and 65535')
      .optional(),
  ),
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  DATA_DIR: z.string().trim().min(1, 'must name a folder').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(365, 'must be at most 365')
    .default(30),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  CSP_UPGRADE_INSECURE: z.enum(['true', 'false']).default('false'),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  COMPANY_NAME: optionalText,
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(600, 'must be at most 600')
    .default(10),
  INSTANCE_NAME: optionalText,
  FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url('must be a URL such as https://s3.example.com').optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PREFIX: optionalText,
  BACKUP_DIR: optionalText,
  BACKUP_HOUR: z
    .string()
    .trim()
    .regex(/^(?:off|\d{1,2})$/, 'must be an hour from 0 to 23, or off')
    .refine((v) => v === 'off' || Number(v) <= 23, 'must be an hour from 0 to 23, or off')
    .default('2'),
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(14),
  BACKUP_KEEP_WEEKLY: z.coerce
    .number({ error: 'must be a number of weeks' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(520, 'must be at most 520')
    .default(8),
});

export interface Config {
  port: number;
  host: string;
  /**
   * A second listener over HTTPS, so phones on the LAN may use the camera (browsers allow it
   * only on secure pages); its certificate is the one named, or one made for this machine.
   */
  https: { port: number; certFile: string | undefined; keyFile: string | undefined } | null;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionDays: number;
  cookieSecure: 'auto' | 'always' | 'never';
  trustProxy: boolean;
  /** Ask browsers to upgrade http to https even on plain-http requests. */
  cspUpgradeInsecure: boolean;
  /** How long SIGTERM waits for open requests and the database before exiting anyway. */
  shutdownGraceMs: number;
  /** Names this process in event streams and logs when several run behind a balancer. */
  instanceName: string;
  /** Where uploads live: DATA_DIR/files (default) or an S3-compatible bucket. */
  fileStorage: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
  /** Backups (decision 0440): where, at which local hour each day (null: none), how many kept. */
  backup: {
    dir: string | undefined;
    hour: number | null;
    retention: { daily: number; weekly: number };
  };
  admin: {
    email: string | undefined;
    password: string | undefined;
    companyName: string | undefined;
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, s3rver); absent for AWS itself. */
  endpoint: string | undefined;
  /** Absent: the SDK's usual chain (environment, instance role) supplies them. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations. */
  prefix: string;
}

export class ConfigError extends Error {}

// Parsed once at start: a bad value stops the start with a sentence naming the variable.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')} ${issue.message} (got "${String(env[String(issue.path[0])])}")`,
    );
    throw new ConfigError(`Vaultgrid cannot start: ${lines.join('; ')}.`);
  }
  const e = parsed.data;
  let fileStorage: Config['fileStorage'] = { kind: 'disk' };
  if (e.FILE_STORAGE === 's3') {
    if (!e.S3_BUCKET)
      throw new ConfigError('Vaultgrid cannot start: FILE_STORAGE=s3 needs S3_BUCKET.');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      throw new ConfigError(
        'Vaultgrid cannot start: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.',
      );
    }
    fileStorage = {
      kind: 's3',
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? 'us-east-1',
      endpoint: e.S3_ENDPOINT,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
      prefix: e.S3_PREFIX ?? '',
    };
  }
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE)) {
    throw new ConfigError(
      'Vaultgrid cannot start: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.',
    );
  }
  if (e.TLS_CERT_FILE && e.HTTPS_PORT === 'off') {
    throw new ConfigError('Vaultgrid cannot start: TLS_CERT_FILE is set, but HTTPS_PORT=off.');
  }
  // On by default, so phones may scan with the camera out of the box; 443 above the http
  // port keeps two servers on one machine apart, and a free http port gets a free one too.
  const httpsPort = e.HTTPS_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 443);
  if (httpsPort !== 'off' && httpsPort > 65535) {
    throw new ConfigError(
      `Vaultgrid cannot start: HTTPS_PORT is PORT + 443 unless set, and ${httpsPort} is over 65535; set HTTPS_PORT to a port number, or to off.`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    https:
      httpsPort === 'off'
        ? null
        : {
            port: httpsPort,
            certFile: e.TLS_CERT_FILE && path.resolve(e.TLS_CERT_FILE),
            keyFile: e.TLS_KEY_FILE && path.resolve(e.TLS_KEY_FILE),
          },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionDays: e.SESSION_DAYS,
    cookieSecure:
      e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true' ? 'always' : 'never',
    trustProxy: e.TRUST_PROXY === 'true',
    cspUpgradeInsecure: e.CSP_UPGRADE_INSECURE === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    instanceName: e.INSTANCE_NAME ?? `${os.hostname()}-${process.pid}`,
    fileStorage,
    backup: {
      dir: e.BACKUP_DIR && path.resolve(e.BACKUP_DIR),
      hour: e.BACKUP_HOUR === 'off' ? null : Number(e.BACKUP_HOUR),
      retention: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY },
    },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, companyName: e.COMPANY_NAME },
  };
}
