// How the server logs: readable lines for a person watching a terminal, JSON lines (pino's own)
// for a log collector or a file (config.logFormat: LOG_FORMAT, or whether stdout is a terminal).
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** PostgreSQL's error fields that quote the row or the statement's values (an e-mail, a name). */
const fieldsWithValues = ['detail', 'where', 'internalQuery'];

/**
 * An error as the log shows it: pino's shape (type, message, stack, the error's own fields, its
 * cause), without the fields above. "Key (email_key)=(maria@…) already exists" is personal data,
 * and the log must hold none (no-personal-data-in-logs.test.ts).
 */
export function loggedError(error: Error): LoggedError {
  // Anything can be thrown: a string, an object from a library.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const own = Object.fromEntries(
    Object.entries(error).filter(([key]) => !fieldsWithValues.includes(key)),
  );
  return {
    ...own,
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(error.cause === undefined
      ? {}
      : { cause: error.cause instanceof Error ? loggedError(error.cause) : error.cause }),
  };
}

/** Longer than this, a path segment could be a key (ours are 22 characters or more). */
const longestShownSegment = 16;

/**
 * Where a request went, as the log may show it: the pattern of the route it matched
 * (`/inscricao/:token`), never the raw URL, whose path or query can carry a key (a personal
 * link, a ticket's code, the setup token). An address no route matched (`/Inscricao/<token>`,
 * `/admin//configurar?token=…`) shows its path with every long segment and the query hidden.
 */
export function loggedPath(
  request: Pick<FastifyRequest, 'url' | 'is404' | 'routeOptions'>,
): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  const url = String(request.url);
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const shown = path
    .split('/')
    .map((segment) => (segment.length > longestShownSegment ? '…' : segment))
    .join('/');
  return query === -1 ? shown : `${shown}?…`;
}

/** pino's request line (Fastify's `req` serializer) with the path above instead of the URL. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedPath(request),
    remoteAddress: request.ip,
  };
}

export const logSerializers = { err: loggedError, req: loggedRequest };

/**
 * The logger options with our serializers, whoever made them (a test passes its own stream): no
 * request is ever logged another way.
 */
export function withLogSerializers(
  options: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (typeof options !== 'object') return options;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>) {
  const serializers = logSerializers;
  if (config.logFormat === 'json') return { level: config.logLevel, serializers };
  return {
    level: config.logLevel,
    serializers,
    // Synchronous: the last lines before an exit (a bad start, a signal) are not lost.
    stream: pretty({
      sync: true,
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    }),
  } satisfies FastifyServerOptions['logger'];
}
