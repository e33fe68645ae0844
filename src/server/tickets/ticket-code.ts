// A ticket's code: 128 random bits from the system's CSPRNG, base64url (22 characters), never
// derived from the registration's id. Knowing it is what opens the ticket page.
import { randomBytes } from 'node:crypto';

export function newTicketCode(): string {
  return randomBytes(16).toString('base64url');
}

const codeShape = /^[A-Za-z0-9_-]{22}$/;

/** Anything else is no ticket of ours: answered 404 before the database sees it. */
export function isTicketCode(value: string): boolean {
  return codeShape.test(value);
}
