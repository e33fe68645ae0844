// What one test run (`npm test`, or `npx vitest run <file>`) owns, by its id: a folder that is the
// run's TMPDIR (SQLite files, Chromium profiles, nginx's files, camera videos) and a prefix for its
// PostgreSQL databases. Vitest's config picks the id once and hands it to every worker; the
// run's global teardown (global-setup.ts) removes all of it and fails the run on anything a test
// left behind (decision 0182).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable naming the run: set by vitest.config.ts, inherited by its workers. */
export const runVariable = 'INSCRICOES_TEST_RUN';

/** This process's run id, chosen once (the config may be read more than once per process). */
export function runId(): string {
  process.env[runVariable] ??= `${process.pid}_${randomBytes(3).toString('hex')}`;
  return process.env[runVariable];
}

/**
 * The run's temporary folder: in memory where the machine has a tmpfs (decision 0081), so that
 * SQLite's syncs cost nothing the tests could observe.
 */
export function runFolder(id = runId()): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  return join(base, `inscricoes-run-${id}`);
}

/**
 * The prefix of every PostgreSQL database this run creates (lowercase, digits, underscores: a
 * name PostgreSQL keeps as written); outside a Vitest run (a bench), the plain prefix.
 */
export function databasePrefix(id = process.env[runVariable]): string {
  return id ? `inscricoes_test_${id.toLowerCase()}_` : 'inscricoes_test_';
}

/**
 * The folder of a worker's shared Chromium (test/browser/browser.ts), in the run's folder: Vitest
 * stops the worker before Chromium can remove it, so the teardown removes it as expected.
 */
export const workerChromiumPrefix = 'worker-chromium-';

/**
 * The run's migrated SQLite template and its lock, in the run's folder (test/databases/
 * migrated-template.ts): made for the run, removed by its teardown as expected.
 */
export const templatePrefix = 'migrated-template-';

/**
 * Where a test's `drop()` of a PostgreSQL database is recorded, one empty file per name: the
 * teardown drops them all at once (decision 0184).
 */
export const droppedDatabasesFolder = 'dropped-databases';
