// A response sent while its request's body is still arriving (413 past the body limit, 415, a
// 429 given before the body is read) closes the connection, but only once the rest of the body
// has been read and dropped, up to a bound, as nginx's lingering close does (decision 0070).
// Closing with the client's bytes unread makes the kernel answer them with a reset, which can
// reach the client before our answer and wipe it: the client sees EPIPE or ECONNRESET, not 413.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How much a client may still send after its answer, and for how long, before it is cut off. */
export const lingerLimits = { bytes: 10 * 1024 * 1024, milliseconds: 10_000 };

/**
 * Reads the rest of the body and drops it. Node closes a `Connection: close` response's socket
 * with `destroySoon()`: it ends our side and destroys the socket as soon as the answer is
 * written, unread bytes or not. On this one socket, it ends our side and keeps the socket until
 * the body is complete, the client closes, or a limit is reached.
 */
function lingerBeforeClosing(request: IncomingMessage, socket: Socket): void {
  let drained = 0;
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > lingerLimits.bytes) socket.destroy();
  });
  request.resume();

  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const closeWhenWritten = () => {
      if (this.writableFinished) this.destroy();
      else this.once('finish', () => this.destroy());
    };
    const timer = setTimeout(() => this.destroy(), lingerLimits.milliseconds);
    this.once('close', () => clearTimeout(timer));
    this.once('end', closeWhenWritten);
    if (request.complete) closeWhenWritten();
    else request.once('end', closeWhenWritten);
  };
}

async function lingeringClose(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) {
      // Answered before the body arrived: the connection cannot serve another request until
      // the body is read, so it closes (Fastify already says so for a body past the limit).
      reply.header('connection', 'close');
      lingerBeforeClosing(request.raw, request.raw.socket);
    }
    return payload;
  });
}

export default fp(lingeringClose, { name: 'lingering-close' });
