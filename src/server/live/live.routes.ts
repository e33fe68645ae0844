// The live streams, Server-Sent Events: GET /api/admin/events (admins: every registration as it
// is) and GET /api/door/events (door and admins: attendees as the door sees them, never a phone or
// an e-mail). Both follow one hub and differ only in how a change is projected for their audience.
// First `retry:`, then what a reconnecting client missed (`change` events, from the live-change
// log), then `ready` (or `reset`: reload the list) whose `id:` is where the stream stands; then a
// `change` per change, each with `id:` its position in the log (log-position.ts), so the browser's
// Last-Event-ID (or ?lastEventId= on a new EventSource) resumes it.
// The settings are not in the log: `ready` and `reset` carry the current edition (`{"edition":
// {"id","revision","event"}}`), so a stream that comes back after a drop knows them again, and
// when the current edition changes every stream gets `event: edition` (no `id:`: it moves no
// resumption point) with the same, so an open panel or door shows the new values at once; when
// another edition became current, a `reset` follows (reload the list). Decision 0120.
// A stream lives only as long as its session: it ends at once when this instance logs the
// session out, and each heartbeat re-checks the session in the database, so an expired session
// or a logout on another instance closes it within one heartbeat. The heartbeat is `event: ping`
// with the interval in ms as its data: a page that hears nothing for two of them reconnects.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { toAttendeeChange } from '../door/attendee-changes.ts';
import { currentSession } from '../plugins/authorization.ts';
import { routeSchema, type MediaResponse } from '../route-schema.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventDetails } from '../../shared/event-texts.ts';
import type { StoredEdition } from '../editions/editions.repository.ts';
import type { LiveMessage } from './live-hub.ts';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  type LogPosition,
} from './log-position.ts';

/**
 * A change as one audience's stream carries it (undefined: that audience hears nothing of it),
 * and the event's settings as it carries them.
 */
interface Projection {
  change(change: RegistrationChange): unknown;
  settings(settings: EventSettings): unknown;
}

type StreamRequest = FastifyRequest<{ Querystring: { lastEventId?: string } }>;

interface LiveStream {
  end(): void;
  /** The current edition changed: its settings, and a reset when it is another edition. */
  edition(edition: StoredEdition, switched: boolean): void;
}

/** One SSE message: an `id:` line, a named type, and JSON data. */
function sseMessage(
  type: 'change' | 'ready' | 'reset',
  position: LogPosition,
  data: unknown,
): string {
  return `id: ${formatPosition(position)}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Where a reconnecting client stands; undefined for a fresh start, null for nonsense. */
function seenPosition(request: StreamRequest): LogPosition | null | undefined {
  const header = request.headers['last-event-id'];
  const value = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;
  if (value === undefined || value === '') return undefined;
  return parsePosition(value) ?? null;
}

/** The stream, as the document shows it: its events' data in prose (OpenAPI 3.1 has no SSE). */
function streamSchema(summary: string, change: string) {
  const stream: MediaResponse = {
    description:
      'Server-Sent Events: `retry:`, the `change` events a reconnecting client missed, then ' +
      '`ready` (or `reset`: reload the list) with `{"edition": {"id", "revision", "event"}}`; ' +
      `then a \`change\` per change (${change}), each with its \`id:\`; \`edition\` when the ` +
      "current edition's settings change; `ping` every heartbeat (its data: the interval in ms).",
    content: { 'text/event-stream': { schema: z.string() } },
  };
  return routeSchema({
    summary,
    description:
      'Resumed from `Last-Event-ID` (or `?lastEventId=` on a new EventSource). Ends with the ' +
      'session (logout, expiry), on every instance within one heartbeat.',
    querystring: z.object({ lastEventId: z.string().optional() }),
    headers: z.object({ 'last-event-id': z.string().optional() }),
    response: { 200: stream },
  });
}

export async function liveRoutes(app: FastifyInstance) {
  const streams = new Set<LiveStream>();
  const heartbeatMs = app.config.liveHeartbeatMs;
  // The heartbeat is a message the page sees (a comment never reaches it): it says the stream is
  // alive, and how often to expect it, so a connection that died without a word (a laptop that
  // slept, a router that dropped it) is noticed after two missed beats (decision 0169).
  const ping = `event: ping\ndata: ${heartbeatMs}\n\n`;

  // Open streams would hold a graceful shutdown forever: end them first.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  // Subscribed once every plugin is in: after the pages' own render, so a panel that reloads on
  // hearing of the change gets the new pages.
  let stopEditions = () => {};
  app.addHook('onReady', async () => {
    stopEditions = app.editions.onChange(async (edition, previous) => {
      for (const stream of streams) stream.edition(edition, edition.id !== previous.id);
    });
  });
  app.addHook('onClose', async () => stopEditions());

  const streamOf = (project: Projection) => {
    // A change is encoded once per audience, not once per open stream: the hub hands the same
    // message to every stream of the instance.
    const encoded = new WeakMap<LiveMessage, string | null>();
    const encode = (message: LiveMessage): string | null => {
      let text = encoded.get(message);
      if (text === undefined) {
        const data = project.change(message.change);
        text = data === undefined ? null : sseMessage('change', message.position, data);
        encoded.set(message, text);
      }
      return text;
    };
    return (request: StreamRequest, reply: FastifyReply) =>
      openStream(project, encode, request, reply);
  };

  const openStream = async (
    project: Projection,
    encode: (message: LiveMessage) => string | null,
    request: StreamRequest,
    reply: FastifyReply,
  ) => {
    const session = currentSession(request);
    /** An edition as this stream's audience is told of it. */
    const told = ({ id, revision, settings }: StoredEdition) => ({
      id,
      revision,
      event: project.settings(settings),
    });
    const seen = seenPosition(request);

    // Subscribed before the log is read: nothing committed in between is lost; what both
    // carry is sent once.
    const early: LiveMessage[] = [];
    /** The position the client has reached; undefined until the catch-up is sent. */
    let sent: LogPosition | undefined;
    const sendChange = (message: LiveMessage) => {
      const text = encode(message);
      if (text !== null) send(text);
    };
    const unsubscribe = app.live.subscribe((message) => {
      if (sent === undefined) early.push(message);
      else if (comparePositions(message.position, sent) > 0) {
        sent = message.position;
        sendChange(message);
      }
    });
    let catchUp;
    try {
      catchUp = await app.live.catchUp(seen);
    } catch (error) {
      unsubscribe();
      throw error;
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
    // What is sent in one turn goes out in one write: the hub hands a read of the log's changes
    // to every stream in one go (a group commit's, on a busy server), and each write is a packet
    // through the proxy and a wakeup of the panel (decision 0127).
    let pending = '';
    const flush = () => {
      const text = pending;
      pending = '';
      if (text !== '' && !res.writableEnded && !res.destroyed) res.write(text);
    };
    const send = (text: string) => {
      if (pending === '') queueMicrotask(flush);
      pending += text;
    };
    // Reconnect fast after a restart.
    send('retry: 1000\n\n');
    // Read with no await before the stream joins `streams`: no change of edition falls between.
    const current = { edition: told(app.editions.current()) };
    if ('reset' in catchUp) {
      send(sseMessage('reset', catchUp.head, current));
    } else {
      for (const message of catchUp.missed) sendChange(message);
      send(sseMessage('ready', catchUp.head, current));
    }
    // The pace of the heartbeats, told at once: a page's watchdog watches the stream from its
    // first moment, not only after a first interval gone by unwatched (decision 0169).
    send(ping);
    sent = catchUp.head;
    for (const message of early) {
      if (comparePositions(message.position, sent) <= 0) continue;
      sent = message.position;
      sendChange(message);
    }

    const stopOnLogout = app.sessions.onEnded(session, () => stream.end());
    let checking = false;
    const heartbeat = setInterval(() => {
      if (checking) return;
      checking = true;
      app.sessions
        .isAlive(session)
        .then((alive) => (alive ? send(ping) : stream.end()))
        .catch((error: unknown) => {
          // Unable to confirm the session: end the stream; the panel reconnects through the gate.
          request.log.error({ err: error }, 'session check failed');
          stream.end();
        })
        .finally(() => (checking = false));
    }, heartbeatMs);
    const stream: LiveStream = {
      end() {
        cleanup();
        flush();
        if (!res.writableEnded) res.end();
      },
      edition(edition, switched) {
        const data = told(edition);
        send(`event: edition\ndata: ${JSON.stringify(data)}\n\n`);
        if (switched && sent !== undefined) send(sseMessage('reset', sent, { edition: data }));
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
    // The client may have gone while the log was read.
    if (res.destroyed) cleanup();
  };

  // No HEAD twins: a HEAD request would hold a body-less stream open.
  // An unreadable position starts the stream over (a `reset`): the route reads it itself.
  const described = { exposeHeadRoute: false, attachValidation: true } as const;
  app.get(
    api.adminLiveStream,
    {
      ...described,
      config: { audience: audiences.admin },
      schema: streamSchema(
        "Every change to the current edition's registrations, live",
        'data: a `RegistrationChange`, the registration as the panel lists it',
      ),
    },
    streamOf({ change: (change) => change, settings: (settings) => settings }),
  );
  app.get(
    api.doorLiveStream,
    {
      ...described,
      config: { audience: audiences.door },
      schema: streamSchema(
        'The attendee list as the door sees it, live',
        'data: an `AttendeeChange`, `upserted` with the attendee or `removed` with its id',
      ),
    },
    // The door shows the event, never a message: its settings without the texts.
    streamOf({ change: toAttendeeChange, settings: eventDetails }),
  );
}
