// A body compressed once, when the server starts, and sent in the encoding the browser takes:
// Brotli, else gzip, else as is. Pages are rendered at start and after each change of the event
// (rendered-pages.ts), so no request ever pays for compressing one. Compression runs in libuv's
// thread pool: a re-render on a running server does not hold its requests back meanwhile.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const encodings = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof encodings)[number];

export interface Precompressed {
  bodies: Record<Encoding, Buffer>;
  /** Per encoding: a cache that revalidates (`no-cache`) gets a 304 for an unchanged page. */
  etags: Record<Encoding, string>;
}

/**
 * Brotli quality 10, not 11: on our pages (35 to 40 KB of HTML with the style sheet inlined) 11
 * takes three times the CPU for 3 % fewer bytes (about 200 of 7,000), paid by every start: seven
 * pages, a quarter of a second here, and a third of a server's start work in the test suite,
 * which starts about a hundred servers (decision 0082).
 */
const pageBrotliQuality = 10;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export async function precompress(text: string): Promise<Precompressed> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: pageBrotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const bodies: Record<Encoding, Buffer> = { br, gzip: gzipped, identity };
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const etags = Object.fromEntries(
    encodings.map((encoding) => [encoding, `"${hash}-${encoding}"`]),
  ) as Record<Encoding, string>;
  return { bodies, etags };
}

/**
 * Whether an If-None-Match header names `etag`: as a list, weakly compared (RFC 9110, 13.1.2), or
 * `*`. A proxy that rewrites the page weakens its tag (`W/"…"`), and a cache that holds several
 * copies sends every tag it has: the page they hold is still this one.
 */
function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Sends the variant the request accepts, with `Vary: Accept-Encoding`, as `status`. */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Precompressed,
  status = 200,
): FastifyReply {
  // Content codings are case-insensitive (RFC 9110, 8.4.1): `GZIP` is gzip.
  const accepted = request.headers['accept-encoding']?.toLowerCase();
  const encoding = ((accepted && negotiate(accepted, [...encodings])) || 'identity') as Encoding;
  reply.code(status).header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (status === 200) {
    reply.header('etag', page.etags[encoding]);
    if (namesEtag(request.headers['if-none-match'], page.etags[encoding])) {
      return reply.code(304).send();
    }
  }
  return reply.send(page.bodies[encoding]);
}
