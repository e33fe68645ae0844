// Sessions in the database (admin/sessions.repository.ts), so every instance sees the same ones:
// starting and ending them, checking them for long-lived requests, and telling this instance's
// streams when one ends: at once when this instance ends it, and on PostgreSQL when any instance
// or the CLI deletes it (the `session_ended` notification, migration 2026-11-24T23). Expired rows
// are swept by a job (admin/session-sweep.job.ts).
import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { channels } from '../db/postgres-listener.ts';
import {
  createSessionIfPasswordIs,
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
  /**
   * Logs this account in: ends the request's previous session, if any, and sets a fresh id. A
   * door account's cookie survives a closed browser (up to the session's absolute limit): a door
   * phone must not lose its login on event day. An admin's ends with the browser, as it should on
   * a shared computer. False, and no session, when the account no longer has the password it was
   * let in with (`password_hash`, as read before checking it) or is gone: reset or removed while
   * the password was being checked.
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    account: { id: string; role: string; password_hash: string },
  ): Promise<boolean>;
  /** Logs out: deletes the session, tells this instance's listeners, clears the cookie. */
  end(reply: FastifyReply, session: AccountSession): Promise<void>;
  /** For long-lived requests: is the session still there and within its timeouts? Not a use. */
  isAlive(session: AccountSession): Promise<boolean>;
  /**
   * Calls the listener once when the session ends (on this instance, or on PostgreSQL anywhere);
   * returns the unsubscribe function.
   */
  onEnded(session: AccountSession, listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

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
    async start(request, reply, account) {
      const previous = sessionCookie.read(request);
      if (previous) await deleteSession(db.kysely, hashSessionId(previous));
      const sessionId = await createSessionIfPasswordIs(
        db.kysely,
        account.id,
        account.password_hash,
      );
      if (sessionId === undefined) return false;
      const keepForMs = account.role === 'door' ? limits.absoluteMs : undefined;
      sessionCookie.set(reply, sessionId, keepForMs);
      return true;
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

  const listener = app.postgresListener;
  if (!listener) return;
  const stops = [
    listener.on(channels.sessionEnded, (idHash) => ended.emit(idHash)),
    // Ends announced while the connection was down are lost: ask about every watched session.
    listener.onReconnected(() => {
      for (const idHash of ended.eventNames()) {
        findSessionByHash(db.kysely, String(idHash), limits, { touch: false })
          .then((found) => {
            if (!found) ended.emit(idHash);
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'session re-check failed'));
      }
    }),
  ];
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
}

export default fp(sessions, { name: 'sessions', dependencies: ['session-cookie'] });
