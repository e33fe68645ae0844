// A process that opens (and so migrates) the database at argv[2] when told to: it says `ready`
// once loaded, opens on the first line read from stdin, and says `opened` or `failed: <message>`
// (exit 0 or 1). Several of them, told at once, are servers or tools starting together.
import { createInterface } from 'node:readline';
import { openDatabase } from '../../src/server/db/database.ts';

const url = process.argv[2] ?? '';
const lines = createInterface({ input: process.stdin });
console.log('ready');
await new Promise((resolve) => lines.once('line', resolve));
lines.close();
try {
  const db = await openDatabase(url);
  await db.close();
  console.log('opened');
} catch (error) {
  console.log(`failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
