// `npm run backup -- <file>`: a consistent copy of the SQLite database DATABASE_URL names, taken
// while the server runs (SQLite's online backup: the copy is the database as of one moment, with
// what the write-ahead log holds). On PostgreSQL it points to pg_dump.
import 'dotenv/config';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError } from '../config-error.ts';
import { fileAndDatabase, runTool, UsageError } from './cli-usage.ts';
import { inspectOurDatabase, NotOurDatabaseError, registrationsIn } from './our-database-file.ts';

const usage = `Uso / usage: npm run backup -- <arquivo / file>
Copia o banco SQLite, mesmo com o servidor rodando. / Copies the SQLite database, even while the server runs.`;

async function main(args: string[]) {
  const { file: destination, database: source } = fileAndDatabase(args, usage, 'backup');
  if (existsSync(destination)) {
    throw new UsageError(
      `O arquivo já existe; escolha outro nome / the file already exists; choose another name: ${destination}`,
    );
  }
  await inspectOurDatabase(source);

  // `npm run backup -- backups/<date>.db` on a fresh install: the folder is made, not an error.
  mkdirSync(dirname(destination), { recursive: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  // One file, as a copy should be: it came in WAL mode, and any reader of it (the count below,
  // sqlite3) would leave a -wal and a -shm beside it, which docs/operating.md's cleanup does not remove.
  // The server sets WAL again on the database it opens.
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const { registrations } = await inspectOurDatabase(destination);
  const count = registrationsIn(registrations);
  console.log(
    `Cópia salva em ${destination} (${count.pt}). / Backup written to ${destination} (${count.en}).`,
  );
}

await runTool(() => main(process.argv.slice(2)), [UsageError, ConfigError, NotOurDatabaseError]);
