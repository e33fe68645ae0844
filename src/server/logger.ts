// How the server logs: readable lines for a person watching a terminal, JSON lines (pino's own)
// for a log collector or a file (config.logFormat: LOG_FORMAT, or whether stdout is a terminal).
import type { FastifyServerOptions } from 'fastify';
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

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>) {
  const serializers = { err: loggedError };
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
