// Account sessions, server-side in the database so every instance sees the same ones. The cookie
// carries 32 random bytes; the table holds only their SHA-256, so a leaked table logs no one in.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

export interface AccountSession {
  idHash: string;
  accountId: string;
  email: string;
  /** As stored: authorization compares it with each route's audience. */
  role: string;
  createdAt: string;
  lastSeenAt: string;
}

/** last_seen_at is written at most this often: not one write per request. */
export const lastSeenResolutionMs = 60_000;

const sessionIdPattern = /^[\w-]{43}$/;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Returns the new session's id, for the cookie; only its hash is stored. */
export async function createSession(
  db: Kysely<Database>,
  accountId: string,
  now = new Date(),
): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(sessionId),
      account_id: accountId,
      created_at: at,
      last_seen_at: at,
    })
    .execute();
  return sessionId;
}

/**
 * A session for an account let in with the password behind `passwordHash`, or undefined when the
 * account no longer has that password (reset meanwhile) or is gone (removed meanwhile): checking a
 * password takes a while, and a session made after a reset would outlive it. On PostgreSQL the
 * account's row is held (FOR SHARE) until the session is in: a reset waits for it, then ends it;
 * SQLite runs one transaction at a time.
 */
export async function createSessionIfPasswordIs(
  db: Kysely<Database>,
  accountId: string,
  passwordHash: string,
  now = new Date(),
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const check = trx
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', accountId)
      .where('password_hash', '=', passwordHash);
    const account = await (isPostgres(trx) ? check.forShare() : check).executeTakeFirst();
    return account ? createSession(trx, accountId, now) : undefined;
  });
}

function isExpired(createdAt: string, lastSeenAt: string, now: Date, limits: SessionLimits) {
  const t = now.getTime();
  return (
    t - Date.parse(lastSeenAt) >= limits.idleMs || t - Date.parse(createdAt) >= limits.absoluteMs
  );
}

/**
 * The live session behind a cookie value, or undefined. An expired session is deleted on sight.
 * `touch` records the use (idle timeout restarts); a background check passes false.
 */
export async function findSession(
  db: Kysely<Database>,
  sessionId: string,
  limits: SessionLimits,
  options: { touch: boolean; now?: Date } = { touch: true },
): Promise<AccountSession | undefined> {
  if (!sessionIdPattern.test(sessionId)) return undefined;
  return findSessionByHash(db, hashSessionId(sessionId), limits, options);
}

export async function findSessionByHash(
  db: Kysely<Database>,
  idHash: string,
  limits: SessionLimits,
  { touch, now = new Date() }: { touch: boolean; now?: Date },
): Promise<AccountSession | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id_hash',
      'sessions.account_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'accounts.email',
      'accounts.role',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  if (isExpired(row.created_at, row.last_seen_at, now, limits)) {
    await deleteSession(db, idHash);
    return undefined;
  }
  let lastSeenAt = row.last_seen_at;
  if (touch && now.getTime() - Date.parse(lastSeenAt) >= lastSeenResolutionMs) {
    lastSeenAt = now.toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return {
    idHash: row.id_hash,
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    lastSeenAt,
  };
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Removes every expired session; run now and then by each instance (harmless when they overlap). */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  limits: SessionLimits,
  now = new Date(),
): Promise<number> {
  // Timestamps are all toISOString() output, so text order is time order.
  const idleBefore = new Date(now.getTime() - limits.idleMs).toISOString();
  const createdBefore = new Date(now.getTime() - limits.absoluteMs).toISOString();
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('last_seen_at', '<=', idleBefore), eb('created_at', '<=', createdBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
