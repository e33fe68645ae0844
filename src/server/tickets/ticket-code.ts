// A ticket's code: 128 random bits from the system's CSPRNG, base64url (22 characters, the shape
// src/shared/ticket-code.ts checks), never derived from the registration's id. Knowing it is what
// opens the ticket page.
import { randomFillSync } from 'node:crypto';

const randomBits = 16;
/**
 * Random bytes drawn 256 tokens at a time: one call into the CSPRNG per 256 tokens instead of one
 * per token (each call was 3 to 6 % of a registration's CPU in the throughput bench's profile). As
 * Node's own `crypto.randomUUID` does with its cache: the same generator's bytes, each handed out
 * once.
 */
const pool = Buffer.alloc(randomBits * 256);
let next = pool.length;

/** 128 fresh random bits, copied into `target` at `offset`. */
function putRandomBits(target: Buffer, offset: number): void {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  pool.copy(target, offset, next, next + randomBits);
  next += randomBits;
}

export function newTicketCode(): string {
  const code = Buffer.allocUnsafe(randomBits);
  putRandomBits(code, 0);
  return code.toString('base64url');
}

/** The time prefix of a personal token: milliseconds since 1970, 48 bits (8 characters). */
const timeBytes = 6;

/**
 * A person's own page's token (/inscricao/<token>, decision 0130): 128 random bits, made apart
 * from the ticket's code (one never tells the other), after the time it was made. Tokens made
 * together then sort together, so the column's unique index takes each new one beside the last
 * ones instead of at a random page (decision 0152). 30 characters, the shape
 * src/shared/personal-token.ts checks.
 */
export function newPersonalToken(): string {
  const token = Buffer.allocUnsafe(timeBytes + randomBits);
  token.writeUIntBE(Date.now(), 0, timeBytes);
  putRandomBits(token, timeBytes);
  return token.toString('base64url');
}
