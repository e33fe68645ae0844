// GET /api/admin/events: Server-Sent Events, one `change` event per registration change.
// The stream lives only as long as its admin session: it ends at once when this instance logs
// the session out, and each heartbeat re-checks the session in the database, so an expired
// session or a logout on another instance closes it within one heartbeat.
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { sendError } from '../http-errors.ts';
import type { RegistrationChange } from './live-updates.ts';

const heartbeatMs = 10_000;

interface LiveStream {
  end(): void;
}

function frame(change: RegistrationChange): string {
  return `event: change\ndata: ${JSON.stringify(change)}\n\n`;
}

export async function liveRoutes(app: FastifyInstance) {
  const streams = new Set<LiveStream>();

  // Open streams would hold a graceful shutdown forever: end them first.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  // No HEAD twin: a HEAD request would hold a body-less stream open.
  app.get(api.adminEvents, { exposeHeadRoute: false }, (request, reply) => {
    const session = request.adminSession;
    // The session guard has already answered 401; this only satisfies the types.
    if (!session) {
      sendError(reply, 401, 'unauthorized', apiErrors.unauthorized);
      return;
    }

    const res: ServerResponse = reply.raw;
    reply.hijack();
    // reply.getHeaders() carries the security headers set for every response.
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // Reconnect fast after a restart; then say hello so the client knows it is live.
    res.write('retry: 1000\n\n: connected\n\n');

    const send = (text: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(text);
    };
    const unsubscribe = app.live.subscribe((change) => send(frame(change)));
    const stopOnLogout = app.adminSessions.onEnded(session, () => stream.end());
    let checking = false;
    const heartbeat = setInterval(() => {
      if (checking) return;
      checking = true;
      app.adminSessions
        .isAlive(session)
        .then((alive) => (alive ? send(': ping\n\n') : stream.end()))
        .catch((error: unknown) => {
          // Unable to confirm the session: end the stream; the panel reconnects through the guard.
          request.log.error({ err: error }, 'session check failed');
          stream.end();
        })
        .finally(() => (checking = false));
    }, heartbeatMs);
    const stream: LiveStream = {
      end() {
        cleanup();
        if (!res.writableEnded) res.end();
      },
    };
    function cleanup() {
      clearInterval(heartbeat);
      unsubscribe();
      stopOnLogout();
      streams.delete(stream);
    }
    streams.add(stream);
    res.on('close', cleanup);
  });
}
