// `npm run restore -- <file>`: puts a copy made by `npm run backup` back in place of the SQLite
// database DATABASE_URL names. The server must be stopped: a database in use is refused, and so
// is a file that is not one of our databases. On PostgreSQL it points to pg_restore.
import 'dotenv/config';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError } from '../config-error.ts';
import { fileAndDatabase, runTool, UsageError } from './cli-usage.ts';
import {
  inspectOurDatabase,
  isInUse,
  NotOurDatabaseError,
  registrationsIn,
} from './our-database-file.ts';

const usage = `Uso / usage: npm run restore -- <arquivo / file>
Substitui o banco SQLite pela cópia, com o servidor parado. / Replaces the SQLite database with the copy; stop the server first.`;

function fsync(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function main(args: string[]) {
  const { file: copy, database: target } = fileAndDatabase(args, usage, 'restore');
  if (copy === target) throw new UsageError(usage);
  const { registrations } = await inspectOurDatabase(copy);
  if (isInUse(target)) {
    throw new UsageError(
      `O banco está em uso: pare o servidor antes de restaurar. / The database is in use: stop ` +
        `the server before restoring. (${target})`,
    );
  }

  mkdirSync(dirname(target), { recursive: true });
  // Written beside the database, then renamed over it: never half a database in its place.
  const incoming = `${target}.restaurando`;
  rmSync(incoming, { force: true });
  const source = new SQLite(copy, { readonly: true, fileMustExist: true });
  try {
    await source.backup(incoming);
  } finally {
    source.close();
  }
  fsync(incoming);
  // The old database's write-ahead log must not be replayed onto the copy.
  for (const leftover of [`${target}-wal`, `${target}-shm`]) rmSync(leftover, { force: true });
  renameSync(incoming, target);
  fsync(dirname(target));
  const count = registrationsIn(registrations);
  console.log(
    `Restaurado de ${copy} (${count.pt}); inicie o servidor. / ` +
      `Restored from ${copy} (${count.en}); start the server.`,
  );
}

await runTool(() => main(process.argv.slice(2)), [UsageError, ConfigError, NotOurDatabaseError]);
