// The Database interface: every table as Kysely sees it.
import type { Generated, Insertable, Selectable } from 'kysely';

export interface RegistrationsTable {
  id: string;
  nome_completo: string;
  whatsapp: string;
  email: string;
  /** Trimmed, lower-cased e-mail; unique, so one person registers once. */
  email_key: string;
  nome_compania: string;
  levar_alguem: 'sim' | 'nao' | null;
  confirmacao: 'ok' | 'agenda' | null;
  status: Generated<'pending' | 'confirmed'>;
  created_at: string;
  /** When the WhatsApp ticket was last sent (ISO 8601, UTC); null until the first send. */
  ticket_sent_at: string | null;
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
