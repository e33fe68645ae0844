// The session cookie: its name and attributes in one place. `__Host-` (on https) makes the
// browser refuse it unless it is Secure, host-only and Path=/.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  /**
   * `keepForMs`: the cookie outlives the browser for that long (a door phone, all event day);
   * without it, closing the browser forgets it.
   */
  set(reply: FastifyReply, sessionId: string, keepForMs?: number): void;
  clear(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: SessionCookie;
  }
}

async function sessionCookie(app: FastifyInstance) {
  const name = app.config.secure ? '__Host-sid' : 'sid';
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.secure,
  } as const;
  await app.register(fastifyCookie, { hook: 'onRequest' });
  app.decorate('sessionCookie', {
    name,
    read: (request) => request.cookies[name] || undefined,
    set: (reply, sessionId, keepForMs) =>
      void reply.setCookie(name, sessionId, {
        ...options,
        ...(keepForMs ? { maxAge: Math.floor(keepForMs / 1000) } : {}),
      }),
    clear: (reply) => void reply.clearCookie(name, options),
  } satisfies SessionCookie);
}

export default fp(sessionCookie, { name: 'session-cookie' });
