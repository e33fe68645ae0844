// GET /api/admin/events: Server-Sent Events, one `change` event per registration change.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { api } from '../../shared/paths.ts';
import type { RegistrationChange } from './live-updates.ts';

const heartbeatMs = 20_000;

export interface LiveStream {
  request: FastifyRequest;
  end(): void;
}

function frame(change: RegistrationChange): string {
  return `event: change\ndata: ${JSON.stringify(change)}\n\n`;
}

export async function liveRoutes(app: FastifyInstance) {
  const streams = new Set<LiveStream>();
  app.decorate('liveStreams', streams);

  // Open streams would hold a graceful shutdown forever: end them first.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(api.adminEvents, (request, reply) => {
    const res: ServerResponse = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // Reconnect fast after a restart; then say hello so the client knows it is live.
    res.write('retry: 1000\n\n: connected\n\n');

    const unsubscribe = app.live.subscribe((change) => res.write(frame(change)));
    const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    const stream: LiveStream = {
      request,
      end() {
        cleanup();
        res.end();
      },
    };
    function cleanup() {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(stream);
    }
    streams.add(stream);
    res.on('close', cleanup);
  });
}
