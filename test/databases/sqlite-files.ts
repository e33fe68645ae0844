// What an SQLite database's files (main file, write-ahead log, shared-memory index) hold on disk
// right now: the erasure tests look for a person's data in the bytes.
import { existsSync, readFileSync } from 'node:fs';

/** Which of the database's files hold `text` in any of the ways SQLite could store it. */
export function filesHolding(dbFile: string, text: string): string[] {
  const needles = [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')];
  return [dbFile, `${dbFile}-wal`, `${dbFile}-shm`].filter((file) => {
    if (!existsSync(file)) return false;
    const bytes = readFileSync(file);
    return needles.some((needle) => bytes.includes(needle));
  });
}
