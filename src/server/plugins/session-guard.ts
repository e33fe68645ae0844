// The one gate in front of the admin side: every route under /api/admin, except the login,
// answers 401 without a live session. It decides by the route that matched (not by the raw URL,
// which percent-encoding could disguise), in one onRequest hook for the whole app, so an admin
// route registered anywhere is guarded. Sessions live in the database (see sessions.repository).
import { EventEmitter } from 'node:events';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findSession,
  findSessionByHash,
  hashSessionId,
  type AdminSession,
  type SessionLimits,
} from '../admin/sessions.repository.ts';
import { sendError } from '../http-errors.ts';

export interface AdminSessions {
  cookieName: string;
  /** Logs this admin in: ends the request's previous session, if any, and sets a fresh id. */
  start(request: FastifyRequest, reply: FastifyReply, adminId: string): Promise<void>;
  /** Logs out: deletes the session, tells this instance's listeners, clears the cookie. */
  end(reply: FastifyReply, session: AdminSession): Promise<void>;
  /** For long-lived requests: is the session still there and within its timeouts? Not a use. */
  isAlive(session: AdminSession): Promise<boolean>;
  /** Calls the listener when this instance ends the session; returns the unsubscribe function. */
  onEnded(session: AdminSession, listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guard on every guarded route; null elsewhere. */
    adminSession: AdminSession | null;
  }
  interface FastifyInstance {
    adminSessions: AdminSessions;
  }
}

const adminPrefix = '/api/admin';
const sweepEveryMs = 10 * 60_000;

/** True for every admin route (by its pattern) except the login itself. */
export function isGuardedRoute(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  const isAdmin = routeUrl === adminPrefix || routeUrl.startsWith(`${adminPrefix}/`);
  return isAdmin && !(method === 'POST' && routeUrl === api.adminLogin);
}

async function sessionGuard(app: FastifyInstance) {
  const { config, db } = app;
  const limits: SessionLimits = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  };
  // __Host- makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  const cookieName = config.secure ? '__Host-sid' : 'sid';
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secure,
  } as const;
  const ended = new EventEmitter();
  ended.setMaxListeners(0);

  await app.register(fastifyCookie, { hook: 'onRequest' });
  app.decorateRequest('adminSession', null);

  function cookieValue(request: FastifyRequest): string | undefined {
    return request.cookies[cookieName] || undefined;
  }

  const sessions: AdminSessions = {
    cookieName,
    async start(request, reply, adminId) {
      const previous = cookieValue(request);
      if (previous) await deleteSession(db.kysely, hashSessionId(previous));
      const sessionId = await createSession(db.kysely, adminId);
      reply.setCookie(cookieName, sessionId, cookieOptions);
    },
    async end(reply, session) {
      await deleteSession(db.kysely, session.idHash);
      ended.emit(session.idHash);
      reply.clearCookie(cookieName, cookieOptions);
    },
    async isAlive(session) {
      const found = await findSessionByHash(db.kysely, session.idHash, limits, { touch: false });
      return found !== undefined;
    },
    onEnded(session, listener) {
      ended.once(session.idHash, listener);
      return () => ended.off(session.idHash, listener);
    },
  };
  app.decorate('adminSessions', sessions);

  app.addHook('onRequest', async (request, reply) => {
    if (!isGuardedRoute(request.method, request.routeOptions.url)) return;
    const value = cookieValue(request);
    const session = value ? await findSession(db.kysely, value, limits) : undefined;
    if (!session) {
      if (value) reply.clearCookie(cookieName, cookieOptions);
      return sendError(reply, 401, 'unauthorized', apiErrors.unauthorized);
    }
    request.adminSession = session;
  });

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

export default fp(sessionGuard, { name: 'session-guard' });
