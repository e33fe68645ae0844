// Every migration, in order. Add new ones at the end; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as createRegistrations from './2025-11-22T01-create-registrations.ts';
import * as createAdminsAndSessions from './2025-11-22T02-create-admins-and-sessions.ts';
import * as addTicketSentAt from './2025-11-22T03-add-ticket-sent-at.ts';

export const migrations: Record<string, Migration> = {
  '2025-11-22T01-create-registrations': createRegistrations,
  '2025-11-22T02-create-admins-and-sessions': createAdminsAndSessions,
  '2025-11-22T03-add-ticket-sent-at': addTicketSentAt,
};
