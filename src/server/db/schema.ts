// The Database interface: every table as Kysely sees it.
import type { Generated, Insertable, Selectable } from 'kysely';
import type { Registration } from '../../shared/registration.schema.ts';

/** The registration as served, plus the columns only the server sees. */
export interface RegistrationsTable extends Omit<Registration, 'status'> {
  /** Trimmed, lower-cased e-mail; unique, so one person registers once. */
  email_key: string;
  status: Generated<Registration['status']>;
}

export interface AdminsTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id: a leaked table cannot be replayed. */
  id_hash: string;
  admin_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface Database {
  registrations: RegistrationsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
}

export type RegistrationRow = Selectable<RegistrationsTable>;
export type NewRegistrationRow = Insertable<RegistrationsTable>;
