// How the server logs: readable lines for a person watching a terminal, JSON lines (pino's own)
// for a log collector or a file (config.logFormat: LOG_FORMAT, or whether stdout is a terminal).
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>) {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    // Synchronous: the last lines before an exit (a bad start, a signal) are not lost.
    stream: pretty({
      sync: true,
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    }),
  } satisfies FastifyServerOptions['logger'];
}
