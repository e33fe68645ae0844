// A ticket's code: 128 random bits from the system's CSPRNG, base64url (22 characters, the shape
// src/shared/ticket-code.ts checks), never derived from the registration's id. Knowing it is what
// opens the ticket page.
import { randomBytes } from 'node:crypto';

export function newTicketCode(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A person's own page's token (/inscricao/<token>, decision 0130): the same 128 random bits, in
 * the same shape, made apart from the ticket's code (one never tells the other).
 */
export function newPersonalToken(): string {
  return randomBytes(16).toString('base64url');
}
