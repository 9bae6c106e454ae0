import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { listAllUsers } from './features/auth/auth.repository';
import { findCompanyByName } from './features/auth/auth.repository';
import { createCompany, createUser, setUserPassword } from './features/auth/companies.service';
import { AppError } from './http/errors';
import { generatePassword } from './lib/password';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from './demo/demo';
import { openRuntime, type Runtime } from './runtime';
import { BackupRefusedError } from './backup/backup-file';
import { folderPlace } from './backup/backup-places';
import { restoreBackup } from './backup/restore';
import type { Config } from './config';
import { PASSWORD_MIN_LENGTH } from '../contracts/limits';

const USAGE = `Usage: vaultgrid <command>

  company add NAME                                   create a company
  user add --company NAME --email E [--password P]   add a user (a password is generated if absent)
  user password --email E [--password P]             set a new password (ends that user's sessions)
  user list                                          list users and their companies
  demo                                               load the example company
  backup [--to FOLDER]                               write a backup file now (decision 0440)
  restore FILE [--force]                             restore a backup into an empty database

Reads DATA_DIR or DATABASE_URL like the server. With the embedded database, stop the
server first: the data directory can be open in one process only.`;

class UsageError extends Error {}

function option(
  values: Record<string, string | boolean | undefined>,
  name: string,
): string | undefined {
  const v = values[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = option(values, name);
  if (!v) throw new UsageError(`--${name} is required.`);
  return v;
}

function checkPassword(password: string): string {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UsageError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  return password;
}

async function run(argv: string[], config: Config, runtime: () => Promise<Runtime>): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      to: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return;
  }
  if (group === 'restore') {
    if (!action || rest.length > 0)
      throw new UsageError('Name one backup file: vaultgrid restore FILE');
    // Not through the runtime: it would create the schema the restore needs empty.
    await restoreBackup({
      file: action,
      config,
      force: values.force === true,
      say: (line) => console.log(line),
    });
    console.log('Start the server as usual; everyone signs in with their old passwords.');
    return;
  }
  const command = group === 'backup' ? 'backup' : `${group} ${action ?? ''}`.trim();
  const known = ['company add', 'user add', 'user password', 'user list', 'demo', 'backup'];
  if (!known.includes(command)) throw new UsageError(`Unknown command "${command}".`);

  const rt = await runtime();
  const { db } = rt.database;
  try {
    switch (command) {
      case 'backup': {
        const to = option(values, 'to');
        if (to) rt.backups.place = folderPlace(path.resolve(to));
        const backup = await rt.backups.take('manual');
        console.log(
          `Wrote ${backup.name} (${backup.bytes} bytes) to ${rt.backups.place.description}.`,
        );
        break;
      }
      case 'company add': {
        const name = [action === 'add' ? rest : []].flat().join(' ').trim();
        if (!name)
          throw new UsageError('Give the company a name: vaultgrid company add "Acme Moving"');
        if (await findCompanyByName(db, name))
          throw new UsageError(`A company named "${name}" already exists.`);
        const company = await createCompany(db, name);
        console.log(`Created company "${company.name}".`);
        break;
      }
      case 'user add': {
        const companyName = required(values, 'company');
        const email = required(values, 'email').toLowerCase();
        const given = option(values, 'password');
        const password = given ? checkPassword(given) : generatePassword();
        const company = await findCompanyByName(db, companyName);
        if (!company)
          throw new UsageError(
            `No company is named "${companyName}". Create it with: vaultgrid company add "${companyName}"`,
          );
        await createUser(db, { companyId: company.id, email, password });
        console.log(`Added ${email} to "${company.name}".`);
        if (!given) console.log(`Password: ${password} (shown only this once)`);
        break;
      }
      case 'user password': {
        const email = required(values, 'email');
        const given = option(values, 'password');
        const password = given ? checkPassword(given) : generatePassword();
        await setUserPassword(db, email, password);
        console.log(`Password changed for ${email.toLowerCase()}.`);
        if (!given) console.log(`New password: ${password} (shown only this once)`);
        break;
      }
      case 'user list': {
        const users = await listAllUsers(db);
        if (users.length === 0) console.log('No users yet.');
        for (const u of users) console.log(`${u.email}\t${u.company}`);
        break;
      }
      case 'demo': {
        const result = await loadDemo(db, rt.storage);
        if (!result.created) console.log(`The demo company "${DEMO_COMPANY}" is already loaded.`);
        else console.log(`Loaded "${DEMO_COMPANY}" with ${result.vaultCount} vaults.`);
        console.log(`Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
        // The demo needs the data directory to itself, so the server is stopped: say how to start it.
        console.log('Start the server with: npm start');
        break;
      }
    }
  } finally {
    await rt.close();
  }
}

async function main(): Promise<void> {
  try {
    const config = loadConfig();
    await run(process.argv.slice(2), config, () => openRuntime(config, 'vaultgrid command line'));
  } catch (error) {
    if (error instanceof BackupRefusedError) {
      console.error(error.message);
      process.exitCode = 1;
    } else if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof AppError
    ) {
      console.error(error.message);
      process.exitCode = 1;
    } else if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error('vaultgrid failed:', error);
      process.exitCode = 1;
    }
  }
}

await main();
