/**
 * One owner per data directory: the embedded database (PGlite) is a set of plain files that
 * two processes would corrupt by writing at once. Whoever opens it first holds an OS file
 * lock on DATA_DIR/owner.lock for its whole life; the kernel drops the lock when that
 * process ends in any way (SIGKILL included), so a stale lock cannot block a restart. The
 * file's text only names the owner (PID, role) for the refusal message. See decision 136.
 */
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync, constants } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import nativeFs from 'fs-native-extensions';

/** Exit code of a process refused because another one owns the data directory (EX_TEMPFAIL). */
export const EXIT_DATA_DIR_BUSY = 75;

export const LOCK_FILE = 'owner.lock';

/** Who opened the data directory: the server, or one of the command-line tools. */
export type DataDirRole = 'server' | 'seed' | 'create-staff' | 'migrate';

export interface DataDirOwner {
  pid: number;
  role: DataDirRole;
  host: string;
  since: string;
}

export interface DataDirLock {
  release(): void;
}

const ROLE_NAMES: Record<DataDirRole, string> = {
  server: 'the server',
  seed: '`npm run seed`',
  'create-staff': '`npm run create-staff`',
  migrate: '`npm run db:migrate`',
};

/** What the refused process should do instead, said in its own terms. */
const ADVICE: Record<DataDirRole, string> = {
  server: 'stop it first, or give this server another DATA_DIR',
  seed: 'stop it first (seeding needs the embedded database to itself), then run the seed again',
  'create-staff':
    'stop it first (creating a staff account needs the embedded database to itself), then run create-staff again',
  migrate: 'stop it first; the server applies the migrations itself when it starts',
};

export class DataDirBusyError extends Error {
  readonly exitCode = EXIT_DATA_DIR_BUSY;
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | undefined,
    role: DataDirRole,
  ) {
    const who = owner
      ? `${ROLE_NAMES[owner.role] ?? 'another process'} (PID ${owner.pid})`
      : 'another process';
    const where = owner && owner.host !== hostname() ? ` on ${owner.host}` : '';
    super(`${who}${where} is using ${dataDir}; ${ADVICE[role]}. Nothing was changed.`);
    this.name = 'DataDirBusyError';
  }
}

function readOwner(file: string): DataDirOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    // Empty (the owner has not written its name yet, or released) or unreadable.
    return undefined;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirBusyError at once when another
 * process holds it. Nothing in the directory is touched before the lock is held.
 */
export function lockDataDir(dataDir: string, role: DataDirRole): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  // Opened without truncating: the owner's text must survive a refused attempt.
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = nativeFs.tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!locked) {
    closeSync(fd);
    throw new DataDirBusyError(dataDir, readOwner(file), role);
  }
  const owner: DataDirOwner = { pid: process.pid, role, host: hostname(), since: new Date().toISOString() };
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(owner), 0);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      ftruncateSync(fd, 0);
      nativeFs.unlock(fd);
      closeSync(fd);
    },
  };
}

/**
 * The lock a process needs before it opens its database: the data directory's on the
 * embedded database; none on PostgreSQL, where any number of processes share the server.
 */
export function holdDatabase(
  config: { DATABASE_URL?: string | undefined; dataDir: string },
  role: DataDirRole,
): DataDirLock {
  if (config.DATABASE_URL) return { release() {} };
  return lockDataDir(config.dataDir, role);
}
