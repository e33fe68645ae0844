// Sessions in the database (admin/sessions.repository.ts), so every instance sees the same ones:
// starting and ending them, checking them for long-lived requests, telling this instance's
// streams when one ends, and sweeping expired rows.
import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findSession,
  findSessionByHash,
  hashSessionId,
  type AccountSession,
  type SessionLimits,
} from '../admin/sessions.repository.ts';

export interface Sessions {
  /** The live session behind the request's cookie (its use recorded), or undefined. */
  find(request: FastifyRequest): Promise<AccountSession | undefined>;
  /** Logs this account in: ends the request's previous session, if any, and sets a fresh id. */
  start(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void>;
  /** Logs out: deletes the session, tells this instance's listeners, clears the cookie. */
  end(reply: FastifyReply, session: AccountSession): Promise<void>;
  /** For long-lived requests: is the session still there and within its timeouts? Not a use. */
  isAlive(session: AccountSession): Promise<boolean>;
  /** Calls the listener when this instance ends the session; returns the unsubscribe function. */
  onEnded(session: AccountSession, listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

const sweepEveryMs = 10 * 60_000;

async function sessions(app: FastifyInstance) {
  const { config, db, sessionCookie } = app;
  const limits: SessionLimits = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  };
  const ended = new EventEmitter();
  ended.setMaxListeners(0);

  app.decorate('sessions', {
    async find(request) {
      const value = sessionCookie.read(request);
      return value ? findSession(db.kysely, value, limits) : undefined;
    },
    async start(request, reply, accountId) {
      const previous = sessionCookie.read(request);
      if (previous) await deleteSession(db.kysely, hashSessionId(previous));
      sessionCookie.set(reply, await createSession(db.kysely, accountId));
    },
    async end(reply, session) {
      await deleteSession(db.kysely, session.idHash);
      ended.emit(session.idHash);
      sessionCookie.clear(reply);
    },
    async isAlive(session) {
      const found = await findSessionByHash(db.kysely, session.idHash, limits, { touch: false });
      return found !== undefined;
    },
    onEnded(session, listener) {
      ended.once(session.idHash, listener);
      return () => ended.off(session.idHash, listener);
    },
  } satisfies Sessions);

  // Expired sessions are refused on sight anyway; this only keeps the table small. Every
  // instance may run it: the delete is idempotent.
  const sweep = setInterval(() => {
    deleteExpiredSessions(db.kysely, limits).catch((error: unknown) =>
      app.log.error({ err: error }, 'expired-session sweep failed'),
    );
  }, sweepEveryMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

export default fp(sessions, { name: 'sessions', dependencies: ['session-cookie'] });
