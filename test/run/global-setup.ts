// Vitest's global setup and teardown: the run's folder made before any worker starts, and, once
// every file has finished, everything the run made removed: its folder, its PostgreSQL
// databases. Whatever a test left behind there is named and fails the run, after it is removed:
// a test cleans up after itself, and a run leaves nothing in /dev/shm (decision 0182).
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { leftDatabases } from './left-databases.ts';
import { join } from 'node:path';
import {
  droppedDatabasesFolder,
  runFolder,
  templatePrefix,
  workerChromiumPrefix,
} from './run-folder.ts';

export function setup() {
  mkdirSync(runFolder(), { recursive: true });
}

// Each Vitest project inherits this file, so both may run it: the first teardown does the work.
export async function teardown() {
  const folder = runFolder();
  if (!existsSync(folder)) return;
  // A worker's shared Chromium is stopped with its worker, before it can remove its folder; the
  // migrated template is the run's, not a test's.
  // The databases the tests were done with are dropped here (decision 0184).
  const files = readdirSync(folder).filter(
    (file) =>
      !file.startsWith(workerChromiumPrefix) &&
      !file.startsWith(templatePrefix) &&
      file !== droppedDatabasesFolder,
  );
  const droppedFolder = join(folder, droppedDatabasesFolder);
  const done = new Set(existsSync(droppedFolder) ? readdirSync(droppedFolder) : []);
  // The databases first: a removal cut short (a Chromium still writing its profile) must not take
  // the record of those the tests were done with, nor leave them to the other project's teardown.
  const databases = await leftDatabases(done);
  rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  const left = [
    ...files.map((file) => `${folder}/${file}`),
    ...databases.map((db) => `database ${db}`),
  ];
  if (left.length === 0) return;
  console.error(
    `\nThe run left ${left.length} thing(s) behind (now removed); the test that made each must ` +
      `remove it:\n${left.map((each) => `  ${each}\n`).join('')}`,
  );
  // Vitest only logs what a teardown throws; the run must fail.
  process.exitCode = 1;
}
