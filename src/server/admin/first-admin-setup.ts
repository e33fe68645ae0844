// The first start, finished in a browser (docs/decisions/0118-first-admin-through-a-setup-link.md).
// An instance that starts with no admin makes a token of 128 random bits, prints the setup link
// once, and stores only the token's SHA-256, alive while the instance runs: it pushes the row's
// `alive_until` forward every few seconds and deletes the row when it stops. Any instance on the
// same database accepts any live token, so the link works behind a round-robin proxy; a token
// whose instance is gone (killed, so it could not delete its row) stops being accepted within
// `aliveForMs` and is swept. The first admin is created in the transaction that checks there is
// still no admin and deletes every token: of two uses racing, on any instances, one wins.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { setupPage } from '../../shared/paths.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { countAccounts, insertAccount, type Account } from './accounts.repository.ts';
import { openEventStep } from './first-start.repository.ts';
import { hashPassword } from './password.ts';

/** 128 bits, written as 22 base64url characters. */
const tokenBytes = 16;
const tokenPattern = /^[\w-]{22}$/;
// Any constant: the advisory lock that makes "no admin yet, then create one" one step.
const firstAdminLock = 7_204_514;

export interface SetupTiming {
  /** How often a running instance renews its token. */
  renewEveryMs: number;
  /** How long a renewal keeps the token accepted: past it, the instance is taken for gone. */
  aliveForMs: number;
}

export const defaultSetupTiming: SetupTiming = { renewEveryMs: 10_000, aliveForMs: 30_000 };

/** The token used or gone, or an admin exists by now: the caller answers 404. */
export class SetupRefusedError extends Error {
  constructor() {
    super('setup link refused');
  }
}

export interface FirstAdminSetup {
  /** Whether this token opens the setup page now: a live token, from any instance, and no admin. */
  accepts(token: unknown): Promise<boolean>;
  /**
   * Creates the first admin with this token (any instance's), deleting every token with it.
   * SetupRefusedError when the token is not live or an admin exists; AccountExistsError when a
   * door account has this e-mail. The password is checked and hashed first, outside the
   * transaction.
   */
  createFirstAdmin(token: string, email: string, password: string): Promise<Account>;
  /**
   * The line that prints this instance's link, for the log once the server listens (before, a
   * failed listen would have shown a link to nothing); undefined when an admin exists.
   */
  readonly announcement: string | undefined;
  /** Stops renewing and deletes this instance's token: its link dies with the server. */
  close(): Promise<void>;
}

/** The one log line that carries the token (pt-BR and English, as the CLI hint). */
export function setupLinkMessage(link: string): string {
  return (
    'Ou crie o primeiro administrador no navegador / or create the first admin in your ' +
    `browser: ${link} (vale uma vez, enquanto este servidor estiver rodando / valid once, while ` +
    'this server runs).'
  );
}

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Compares with every live hash, in constant time, without stopping at a match. */
function matchesOne(hash: Buffer, stored: readonly { token_hash: string }[]): boolean {
  let found = false;
  for (const { token_hash } of stored) {
    const candidate = Buffer.from(token_hash, 'hex');
    if (candidate.length === hash.length && timingSafeEqual(candidate, hash)) found = true;
  }
  return found;
}

async function noAdminYet(db: Kysely<Database>): Promise<boolean> {
  return (await countAccounts(db, 'admin')) === 0;
}

export async function openFirstAdminSetup(
  db: Db,
  log: FastifyBaseLogger,
  publicUrl: string,
  { renewEveryMs, aliveForMs }: SetupTiming = defaultSetupTiming,
): Promise<FirstAdminSetup> {
  const { kysely } = db;
  const aliveUntil = () => new Date(Date.now() + aliveForMs).toISOString();

  const setup: FirstAdminSetup = {
    async accepts(token) {
      if (typeof token !== 'string' || !tokenPattern.test(token)) return false;
      const live = await kysely
        .selectFrom('setup_tokens')
        .select('token_hash')
        .where('alive_until', '>', new Date().toISOString())
        .execute();
      return matchesOne(hashToken(token), live) && (await noAdminYet(kysely));
    },

    async createFirstAdmin(token, email, password) {
      if (!tokenPattern.test(token)) throw new SetupRefusedError();
      const passwordHash = await hashPassword(password);
      return kysely.transaction().execute(async (trx) => {
        if (isPostgres(trx))
          await sql`select pg_advisory_xact_lock(${firstAdminLock})`.execute(trx);
        const now = new Date().toISOString();
        const removed = await trx
          .deleteFrom('setup_tokens')
          .returning(['token_hash', 'alive_until'])
          .execute();
        const live = removed.filter((row) => row.alive_until > now);
        // Thrown, so the transaction rolls back: a wrong token deletes nothing.
        if (!matchesOne(hashToken(token), live) || !(await noAdminYet(trx))) {
          throw new SetupRefusedError();
        }
        const admin = await insertAccount(trx, email, passwordHash, 'admin');
        // The screen that asks for the event comes next, owed until saved or skipped (0227).
        await openEventStep(trx);
        return admin;
      });
    },

    announcement: undefined,
    async close() {},
  };

  if (!(await noAdminYet(kysely))) return setup;

  // SQLite serves one instance: any row left is from an earlier run of this one, killed before
  // it could delete it. On PostgreSQL only the rows nobody renews any more are gone.
  const stale = kysely.deleteFrom('setup_tokens');
  await (
    db.kind === 'sqlite' ? stale : stale.where('alive_until', '<=', new Date().toISOString())
  ).execute();
  const token = randomBytes(tokenBytes).toString('base64url');
  const ownHash = hashToken(token).toString('hex');
  await kysely
    .insertInto('setup_tokens')
    .values({
      token_hash: ownHash,
      created_at: new Date().toISOString(),
      alive_until: aliveUntil(),
    })
    .execute();

  let renewing: Promise<void> | undefined;
  async function renew() {
    if (!(await noAdminYet(kysely))) {
      // Made another way meanwhile (the CLI, ADMIN_EMAIL on another instance): the link is done.
      await kysely.deleteFrom('setup_tokens').where('token_hash', '=', ownHash).execute();
      return stop();
    }
    const renewed = await kysely
      .updateTable('setup_tokens')
      .set({ alive_until: aliveUntil() })
      .where('token_hash', '=', ownHash)
      .executeTakeFirst();
    // Used, here or on another instance (which deleted every token).
    if (Number(renewed.numUpdatedRows) === 0) return stop();
    // Tokens of instances that are gone: nobody else will delete them.
    await kysely
      .deleteFrom('setup_tokens')
      .where('alive_until', '<=', new Date().toISOString())
      .execute();
  }
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = renew()
      .catch((error: unknown) => log.warn({ err: error }, 'renewing the setup link failed'))
      .finally(() => (renewing = undefined));
  }, renewEveryMs);
  timer.unref();
  function stop() {
    clearInterval(timer);
  }

  return {
    ...setup,
    announcement: setupLinkMessage(`${publicUrl}${setupPage}?token=${token}`),
    async close() {
      stop();
      await renewing;
      await kysely.deleteFrom('setup_tokens').where('token_hash', '=', ownHash).execute();
    },
  };
}
