// The Database interface: every table as Kysely sees it.
import type { Generated, Selectable } from 'kysely';
import type { AuditAction } from '../../shared/audit.schema.ts';
import type { EventChangeAction } from '../../shared/edition.schema.ts';
import type { LiveChangeType } from '../../shared/live-change.schema.ts';
import type { MessageChannel, MessageKind, MessageStatus } from '../../shared/message.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';

/** The registration as served, plus the columns only the server sees. */
export interface RegistrationsTable extends Omit<
  Registration,
  'status' | 'delivery' | 'respostas' | 'certificate' | 'rsvp'
> {
  /** Trimmed, lower-cased e-mail; unique per edition, so one person registers once in each. */
  email_key: string;
  status: Generated<Registration['status']>;
  /** The edition it belongs to (events.id); with it, its ticket, check-in and messages. */
  event_id: string;
  /**
   * The token of the person's own page (/inscricao/<token>, decision 0130): 128 random bits,
   * given at registration, never in a list, a live change or a log. Null only for rows written
   * straight to the database (tests' seeds).
   */
  personal_token: string | null;
  /** The Idempotency-Key the form sent it under (decision 0168); null without one. */
  submission_key: string | null;
  /** The answers to the organizer's questions as JSON (registration-rows.ts); null: none. */
  respostas: string | null;
  /** 'yes' once the person answered 'Vou comparecer' (issue 35.2, decision 0280); null: nothing. */
  rsvp: Generated<Registration['rsvp']>;
}

/** One edition of the event: its settings, and whether it is the one the site serves. */
export interface EventsTable {
  id: string;
  /** eventSettingsSchema as JSON; null only until the first start seeds the first edition. */
  settings: string | null;
  /** 1 for the current edition (at most one), 0 for the others. */
  is_current: Generated<number>;
  /** Goes up with every change to the settings. */
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Who changed an edition's settings, when, and which fields. */
export interface EventChangesTable {
  id: Generated<number | string>;
  event_id: string;
  action: EventChangeAction;
  /** JSON array of the settings' names. */
  fields: string;
  account_id: string | null;
  actor: string | null;
  at: string;
}

export interface AccountsTable {
  id: string;
  /** Trimmed and lower-cased: one account per address. */
  email: string;
  password_hash: string;
  /** One of accountRoles (src/shared/account.ts); a role this version does not know opens nothing. */
  role: Generated<string>;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id: a leaked table cannot be replayed. */
  id_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
}

/** One row per change to a registration, in commit order; ids only, never personal data. */
export interface LiveChangesTable {
  /** Increases with every change (SQLite autoincrement, PostgreSQL identity; a bigint string there). */
  seq: Generated<number | string>;
  type: LiveChangeType;
  registration_id: string;
  changed_at: string;
}

/** A check-in request kept under its Idempotency-Key with the answer it got (a retry gets it again). */
export interface CheckInRequestsTable {
  idempotency_key: string;
  account_id: string;
  /** Goes with the registration (foreign key, on delete cascade). */
  registration_id: string;
  /** What was asked: `code:<code>` or `id:<registration id>`. */
  target: string;
  /** The 200 answer, JSON (checkInResultSchema). */
  answer: string;
  created_at: string;
}

/** Who did what to a registration; a deletion leaves only its own entry, ids only. */
export interface AuditEntriesTable {
  id: Generated<number | string>;
  registration_id: string;
  /** The registration's edition (kept after a deletion, with the deletion's own entry). */
  event_id: string;
  action: AuditAction;
  /** The account that did it; null for the server's own jobs. */
  account_id: string | null;
  /** Its e-mail then (the account may be removed later). */
  actor: string | null;
  at: string;
  /** The message sent again (`message_resent`), or answered to cancel (`withdrawn`). */
  message_kind: MessageKind | null;
  message_channel: MessageChannel | null;
}

/** When each background job last ran (jobs/job-runner.ts), on whichever instance. */
export interface JobRunsTable {
  name: string;
  started_at: string;
  finished_at: string;
}

/** The registration rate limit's count per client and route, shared by every instance. */
export interface RateLimitWindowsTable {
  key: string;
  hits: number;
  ends_at: string;
}

/** Login attempts, each a failure until it succeeds (admin/login-throttle.ts). */
export interface LoginFailuresTable {
  id: Generated<number | string>;
  /** The e-mail key tried. */
  account: string;
  /** clientKey() of the address. */
  client: string;
  at: string;
  /** 1 once the same account and address logged in: it no longer counts for that pair. */
  pair_forgiven: Generated<number>;
}

/** Addresses that logged in to an account: exempt from its ceiling across addresses. */
export interface LoginTrustedClientsTable {
  account: string;
  client: string;
  at: string;
}

/** The outbox: one row per message to send (messages/), ids and states only. */
export interface MessagesTable {
  id: string;
  registration_id: string;
  channel: MessageChannel;
  kind: MessageKind;
  status: MessageStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  provider_id: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  /** The announcement this message carries (kind 'announcement'); null for the others. */
  announcement_id: string | null;
}

/** One 'Avisar inscritos' (issue 35.4): what was written and to whom; its messages carry it. */
export interface AnnouncementsTable {
  id: string;
  event_id: string;
  audience: string;
  subject: string;
  text: string;
  /** JSON array of channels. */
  channels: string;
  recipients: number;
  created_at: string;
  /** The account that sent it; null once that account is removed. */
  account_id: string | null;
}

/** A channel whose provider refused our credentials or account: on the panel until one works. */
export interface SendingPausesTable {
  channel: MessageChannel;
  message: string;
  since: string;
}

/**
 * A setup link's token (admin/first-admin-setup.ts): SHA-256 of the token its instance printed,
 * accepted until `alive_until`, which the instance keeps pushing forward while it runs.
 */
export interface SetupTokensTable {
  token_hash: string;
  created_at: string;
  alive_until: string;
}

/** A logo's bytes, as served from `/imagens/<hash>.<ext>` (decision 0225). */
export interface EventImagesTable {
  /** The first 128 bits of the stored bytes' SHA-256, in hex: the address names the content. */
  hash: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: string;
}

/** A certificate (issue 36) by its code: what its page shows, kept after erasure (no registration). */
export interface CertificatesTable {
  /** 'XXXX-XXXX-XXXX-XXXX' (src/shared/certificate-code.ts). */
  code: string;
  registration_id: string | null;
  /** The edition it was issued for. */
  event_id: string | null;
  name: string;
  event_name: string;
  /** `YYYY-MM-DD` */
  event_date: string;
  /** The workload ('carga horária'), in minutes: half hours stay exact. */
  minutes: number;
  organizer: string;
  issued_at: string;
  revoked_at: string | null;
}

/** A key the server made for itself, shared by every instance (decision 0238). */
export interface ServerKeysTable {
  name: string;
  /** base64url */
  key: string;
  created_at: string;
}

/**
 * A step of the first start after the setup link (decision 0227): open while the organizer has
 * not had it yet. `event`: the short screen that asks for the event's name, date and place.
 */
export interface FirstStartStepsTable {
  step: string;
  opened_at: string;
  /** Null while the step is open. */
  finished_at: string | null;
  /** `saved` (the event's settings saved) or `skipped` ('Pular'). */
  finished_how: string | null;
}

/** A reminder queued for a registration (reminders/, decision 0263): once per person and reminder. */
export interface RemindersSentTable {
  registration_id: string;
  /** The reminder, by its hours before the start. */
  hours_before: number;
  queued_at: string;
}

/** One reply Meta delivered, by its own id (decision 0280): a second delivery changes nothing. */
export interface WhatsappRepliesTable {
  message_id: string;
  registration_id: string;
  /** What it did: 'yes', 'ask' (the 'Tem certeza?' queued), 'cancel'. */
  action: string;
  received_at: string;
}

/** When the next WhatsApp request may leave, in ms on the database's clock (decision 0192). */
export interface WhatsappPaceTable {
  name: string;
  next_at: number;
}

export interface Database {
  registrations: RegistrationsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  live_changes: LiveChangesTable;
  check_in_requests: CheckInRequestsTable;
  audit_entries: AuditEntriesTable;
  job_runs: JobRunsTable;
  rate_limit_windows: RateLimitWindowsTable;
  login_failures: LoginFailuresTable;
  login_trusted_clients: LoginTrustedClientsTable;
  messages: MessagesTable;
  announcements: AnnouncementsTable;
  sending_pauses: SendingPausesTable;
  events: EventsTable;
  event_changes: EventChangesTable;
  setup_tokens: SetupTokensTable;
  event_images: EventImagesTable;
  certificates: CertificatesTable;
  first_start_steps: FirstStartStepsTable;
  server_keys: ServerKeysTable;
  reminders_sent: RemindersSentTable;
  whatsapp_replies: WhatsappRepliesTable;
  whatsapp_pace: WhatsappPaceTable;
}

export type RegistrationRow = Selectable<RegistrationsTable>;
