// Is this file one of our SQLite databases? Backup and restore refuse anything else: a file that
// is not SQLite, an SQLite file of some other program, a damaged one, or one written by a newer
// version of this site (migrations this version does not know).
import { openSync, readSync, closeSync, existsSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { counted } from '../../shared/plural.ts';
import { migrationProvider } from '../db/migrate.ts';

export class NotOurDatabaseError extends Error {}

/** A file's registrations, as the tools report them: '1 inscrição' / '1 registration'. */
export function registrationsIn(count: number): { pt: string; en: string } {
  return {
    pt: counted(count, { one: 'inscrição', other: 'inscrições' }),
    en: `${count} registration${count === 1 ? '' : 's'}`,
  };
}

const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1');

function startsLikeSqlite(file: string): boolean {
  const head = Buffer.alloc(sqliteHeader.length);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(sqliteHeader);
  } finally {
    closeSync(fd);
  }
}

/** How many registrations the file holds; NotOurDatabaseError, with a pt-BR/English reason, if it is not ours. */
export async function inspectOurDatabase(file: string): Promise<{ registrations: number }> {
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new NotOurDatabaseError(`Arquivo não encontrado / file not found: ${file}`);
  }
  if (!startsLikeSqlite(file)) {
    throw new NotOurDatabaseError(`Não é um banco SQLite / not an SQLite database: ${file}`);
  }
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new NotOurDatabaseError(
      `Não foi possível abrir / cannot open ${file}: ${(error as Error).message}`,
    );
  }
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      throw new NotOurDatabaseError(
        `Banco danificado / damaged database: ${file} (${String(check)})`,
      );
    }
    const tables = new Set(
      (
        db.prepare(`select name from sqlite_master where type = 'table'`).all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    if (!tables.has('kysely_migration') || !tables.has('registrations')) {
      throw new NotOurDatabaseError(
        `Não é um banco de inscrições deste site / not a database of this site: ${file}`,
      );
    }
    const known = new Set(Object.keys(await migrationProvider.getMigrations()));
    const applied = (
      db.prepare('select name from kysely_migration').all() as { name: string }[]
    ).map((row) => row.name);
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new NotOurDatabaseError(
        `Banco de uma versão mais nova deste site (atualize antes) / database from a newer ` +
          `version of this site (update first): ${unknown.join(', ')}`,
      );
    }
    const { count } = db.prepare('select count(*) as count from registrations').get() as {
      count: number;
    };
    return { registrations: count };
  } finally {
    db.close();
  }
}

/**
 * True when another connection (a running server, `npm run admin`) has the database open: it
 * cannot be locked exclusively without waiting.
 */
export function isInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}
