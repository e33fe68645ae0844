// A ticket's code: 128 random bits from the system's CSPRNG, base64url (22 characters, the shape
// src/shared/ticket-code.ts checks), never derived from the registration's id. Knowing it is what
// opens the ticket page.
import { randomFillSync } from 'node:crypto';

const bytesPerToken = 16;
/**
 * Random bytes drawn 256 tokens at a time: one call into the CSPRNG per 256 tokens instead of one
 * per token (each call was 3 to 6 % of a registration's CPU in the throughput bench's profile). As
 * Node's own `crypto.randomUUID` does with its cache: the same generator's bytes, each handed out
 * once.
 */
const pool = Buffer.alloc(bytesPerToken * 256);
let next = pool.length;

function randomToken(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + bytesPerToken);
  next += bytesPerToken;
  return token;
}

export function newTicketCode(): string {
  return randomToken();
}

/**
 * A person's own page's token (/inscricao/<token>, decision 0130): the same 128 random bits, in
 * the same shape, made apart from the ticket's code (one never tells the other).
 */
export function newPersonalToken(): string {
  return randomToken();
}
