// A real server on a loopback port with its own temporary SQLite file, for API tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { RegistrationChange } from '../../src/shared/live-change.schema.ts';
import { api } from '../../src/shared/paths.ts';
import type { Registration } from '../../src/shared/registration.schema.ts';
import { validRegistration } from '../builders/registrations.ts';
import type { SetupTiming } from '../../src/server/admin/first-admin-setup.ts';
import { buildApp, type App } from '../../src/server/app.ts';
import { freePort } from './child-server.ts';
import { loggedChangesIn } from '../databases/logged-changes.ts';
import { copyMigratedSqlite } from '../databases/migrated-template.ts';
import { runVariable } from '../run/run-folder.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { formatPosition, parsePosition } from '../../src/server/live/log-position.ts';
import { emailKey } from '../../src/server/email-key.ts';
import { storedAnswers } from '../../src/server/registrations/registration-rows.ts';
import { currentEditionId } from '../../src/server/db/current-edition.ts';

export interface TestServer {
  url: string;
  app: App;
  config: Config;
  dir: string;
  dbFile: string;
  /** fetch against the server, JSON in and out, same-origin headers like a browser. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    config?: Partial<Config>;
    /** Listen on this port (a restart on the same address); default: any free port. */
    port?: number;
    /** Use this SQLite file; the caller owns it and its folder, and close() leaves them. */
    dbFile?: string;
    /**
     * Start on a new SQLite file with no migration run (the server runs them all), not on a copy
     * of the run's migrated template (decision 0183).
     */
    emptyDatabase?: boolean;
    /** The setup link's renewal (shorter, to see it happen). */
    setupTiming?: SetupTiming;
    /** Adds routes of the test's own before the server listens. */
    routes?: (app: App) => void;
  } = {},
): Promise<TestServer> {
  const dir = options.dbFile
    ? dirname(options.dbFile)
    : mkdtempSync(join(tmpdir(), 'inscricoes-test-'));
  const dbFile = options.dbFile ?? join(dir, 'test.db');
  // The address is known before the app is built, as an operator's is: PUBLIC_URL goes into the
  // pages rendered at start (the ticket links).
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {
      PUBLIC_URL: url,
      DATABASE_URL: `file:${dbFile}`,
      REGISTRATION_RATE_LIMIT: '0',
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      ...env,
    },
    options.config,
  );
  // A start that fails leaves no folder behind (decision 0182).
  const removeDir = () => {
    if (!options.dbFile) rmSync(dir, { recursive: true, force: true });
  };
  // The server still runs its migrations at start: on the copy it finds none left to run.
  if (!options.dbFile && !options.emptyDatabase && !env.DATABASE_URL && process.env[runVariable]) {
    await copyMigratedSqlite(dbFile).catch((error: unknown) => {
      removeDir();
      throw error;
    });
  }
  const app = await buildApp({
    config,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : { level: 'silent' },
    ...(options.setupTiming ? { setupTiming: options.setupTiming } : {}),
  }).catch((error: unknown) => {
    removeDir();
    throw error;
  });
  try {
    options.routes?.(app);
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close().catch(() => {});
    removeDir();
    throw error;
  }

  return {
    url,
    app,
    config,
    dir,
    dbFile,
    request(path, init = {}) {
      const { json, headers, ...rest } = init;
      return fetch(url + path, {
        ...rest,
        headers: {
          origin: config.publicUrl,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
    async close() {
      await app.close();
      removeDir();
    },
  };
}

/** A registration made the way a visitor makes one: POST /api/registrations, answered 201. */
export async function register(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<Registration> {
  const response = await server.request(api.registrations, {
    method: 'POST',
    json: validRegistration(overrides),
  });
  expect(response.status).toBe(201);
  // The answer alone carries the person's own page (decision 0130): the registration as listed.
  const { personal_page: _link, ...registration } = (await response.json()) as Registration & {
    personal_page?: string;
  };
  return registration;
}

/** How many registrations the server's database holds (a string on PostgreSQL, hence Number). */
export async function countRegistrations(server: TestServer): Promise<number> {
  const { count } = await server.app.db.kysely
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The live-change log as it stands, in the order the live stream delivers it, each change with
 * its stream `id:`: what the live stream has announced, or will.
 */
export async function loggedChanges(server: TestServer) {
  return loggedChangesIn(server.app.db);
}

/** The stream id of the log's newest change ('0' on an empty log): where a panel stands now. */
export async function loggedHead(server: TestServer): Promise<string> {
  return (await loggedChanges(server)).at(-1)?.id ?? '0';
}

/** A stream id past the log's end (as from another database): the server answers `reset`. */
export function positionAhead(id: string): string {
  const position = parsePosition(id)!;
  return formatPosition({ ...position, seq: position.seq + 1000n });
}

/**
 * What the live stream announces because of `action`: every change logged meanwhile, as the
 * server's subscribers receive it (waited for: delivery follows the commit).
 */
export async function changesDuring(
  server: TestServer,
  action: () => Promise<void>,
): Promise<RegistrationChange[]> {
  const logged = new Set((await loggedChanges(server)).map((change) => change.id));
  const received: RegistrationChange[] = [];
  const unsubscribe = server.app.live.subscribe(({ position, change }) => {
    if (!logged.has(formatPosition(position))) received.push(change);
  });
  try {
    await action();
    const added = (await loggedChanges(server)).filter((change) => !logged.has(change.id));
    await expect.poll(() => received.length).toBe(added.length);
    return received;
  } finally {
    unsubscribe();
  }
}

/** Stores registrations straight in the database, in one transaction (a long list, quickly). */
export async function seedRegistrations(
  db: Kysely<Database>,
  registrations: readonly Registration[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < registrations.length; i += 500) {
      await trx
        .insertInto('registrations')
        .values(
          registrations
            .slice(i, i + 500)
            // What the API adds to a registration (its messages, its certificate) is not a column.
            .map(({ delivery: _messages, certificate: _certificate, ...r }) => ({
              ...r,
              respostas: storedAnswers(r.respostas),
              email_key: emailKey(r.email),
              event_id: currentEditionId,
            })),
        )
        .execute();
    }
  });
}
