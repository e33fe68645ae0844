// `npm run backup -- <file>`: a consistent copy of the SQLite database DATABASE_URL names, taken
// while the server runs (SQLite's online backup: the copy is the database as of one moment, with
// what the write-ahead log holds). On PostgreSQL it points to pg_dump.
import 'dotenv/config';
import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { ConfigError } from '../config.ts';
import { fileAndDatabase, runTool, UsageError } from './cli-usage.ts';
import { inspectOurDatabase, NotOurDatabaseError } from './our-database-file.ts';

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

  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  const { registrations } = await inspectOurDatabase(destination);
  console.log(
    `Cópia salva em ${destination} (${registrations} inscrições). / ` +
      `Backup written to ${destination} (${registrations} registrations).`,
  );
}

await runTool(() => main(process.argv.slice(2)), [UsageError, ConfigError, NotOurDatabaseError]);
