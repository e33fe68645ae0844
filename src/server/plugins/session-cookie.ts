// The session cookie: its name and attributes in one place. `__Host-` (on https) makes the
// browser refuse it unless it is Secure, host-only and Path=/.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, sessionId: string): void;
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
    set: (reply, sessionId) => void reply.setCookie(name, sessionId, options),
    clear: (reply) => void reply.clearCookie(name, options),
  } satisfies SessionCookie);
}

export default fp(sessionCookie, { name: 'session-cookie' });
