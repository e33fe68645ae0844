// New registrations on PostgreSQL, written together (group-writer.ts): a group with its queued
// messages and live changes in one INSERT whose data-modifying CTEs PostgreSQL runs as one
// transaction (docs/decisions/0126). One round trip and one commit (one WAL flush) for a whole
// group instead of five round trips and a commit each. A duplicate e-mail is skipped by ON
// CONFLICT and answered as a duplicate alone.
import { sql, type Kysely } from 'kysely';
import { newRegistrationState } from '../../shared/registration.schema.ts';
import { wakeAfterCommit } from '../db/commit-wakes.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { queryTemplate } from '../db/query-template.ts';
import { emailKey } from '../email-key.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { messageRows } from '../messages/outbox.repository.ts';
import { pendingOrWaitlisted } from '../seats/seats.repository.ts';
import { newPersonalToken } from '../tickets/ticket-code.ts';
import { groupWriter } from './group-writer.ts';
import type { RegistrationInput, Written } from './new-registration.ts';
import { storedAnswers } from './registration-rows.ts';
import { newRegistrationId } from './uuid.ts';
import { fillFreeSeats } from './waiting-list.repository.ts';

type Input = RegistrationInput;

/** Writes one registration, grouped with those arriving at the same time on this pool. */
export const writeRegistrationOnPostgres = groupWriter<Written>({
  // Registrations per statement: enough to keep up, small enough to stay a quick commit.
  maxGroup: 64,
  // One statement at a time: what arrives meanwhile goes in the next, larger group. Two at once
  // let one be parsed while the other waited for the disk; prepared (decision 0151), the
  // statement needs no parsing, and fewer, larger groups gave 5-12 % more registrations/s
  // (alternating runs of 1 and 2, one instance, 50 connections).
  maxInFlight: 1,
  write: insertRegistrations,
});

/**
 * One statement: the registrations whose e-mail is free, their messages, their live changes. The
 * rows travel as one JSON parameter each (json_populate_recordset), so the statement's text never
 * changes with the group's size: nothing to build or compile per group, one parameter to send
 * instead of fifteen a row, and only the stored ids come back (docs/decisions/0126).
 */
async function insertRegistrations(
  db: Kysely<Database>,
  inputs: readonly Input[],
  plan: MessagePlan,
): Promise<Written[]> {
  const { delivery: _none, respostas: _stored, ...state } = newRegistrationState;
  const now = new Date().toISOString();
  const rows: RegistrationRow[] = inputs.map((input) => ({
    ...input,
    ...state,
    id: newRegistrationId(),
    email_key: emailKey(input.email),
    created_at: now,
    // Written by the statement: the edition current when it runs.
    event_id: '',
    // Seats (decision 0130): its own link's token; its status (pending, or waitlisted once the
    // event is full) is decided by the statement (approval mode takes no seat: seats.repository.ts).
    personal_token: newPersonalToken(),
    submission_key: input.submission_key ?? null,
    respostas: storedAnswers(input.respostas),
  }));
  const messages = messageRows(
    rows.flatMap((row) =>
      plan.received.map((channel) => ({ registrationId: row.id, kind: 'received', channel })),
    ),
  );
  const { rows: stored } = await db.executeQuery(
    insertGroup(db, { registrations: JSON.stringify(rows), messages: JSON.stringify(messages) }),
  );
  // One statement, committed on its own: the live hub and the outbox are woken now.
  if (stored.length > 0) {
    await wakeAfterCommit(db, 'live', ...(messages.length > 0 ? (['outbox'] as const) : []));
  }
  // A new registration's messages are the ones just queued: nothing to read back.
  const delivery = Object.fromEntries(
    plan.received.map((channel) => [channel, { kind: 'received', status: 'queued', error: null }]),
  );
  const statuses = new Map(stored.map((row) => [row.id, row.status]));
  const { promoted, seatsError } = await freedMeanwhile(db, plan, stored);
  return rows.map((row) => {
    const status = statuses.get(row.id);
    if (!status) return 'duplicate';
    return { row: promoted.get(row.id) ?? { ...row, status }, delivery, seatsError };
  });
}

/**
 * A group that stored anyone `waitlisted` decided so from its own snapshot, without the seats
 * held: a cancellation committing meanwhile gave its seat to the waiting list before these rows
 * were there to see, and the seat would stay free with people waiting (every later arrival
 * waitlisted too). Once the group has committed, the seats are held and looked at again
 * (fillFreeSeats): a lock and a few counts, only when the event is full (decision 0160). Returns
 * the group's rows it moved, as they are now. A failure is handed back, not thrown: the group is
 * committed, and a throw would have it written again, its rows answered as duplicates.
 */
async function freedMeanwhile(
  db: Kysely<Database>,
  plan: MessagePlan,
  stored: ReadonlyArray<{ id: string; status: RegistrationRow['status'] }>,
): Promise<{ promoted: Map<string, RegistrationRow>; seatsError?: unknown }> {
  const promoted = new Map<string, RegistrationRow>();
  if (!stored.some((row) => row.status === 'waitlisted')) return { promoted };
  try {
    const group = new Set(stored.map((row) => row.id));
    const moved = (await fillFreeSeats(db, plan)).filter((id) => group.has(id));
    if (moved.length > 0) {
      const rows = await db
        .selectFrom('registrations')
        .selectAll()
        .where('id', 'in', moved)
        .execute();
      for (const row of rows) promoted.set(row.id, row);
    }
    return { promoted };
  } catch (seatsError) {
    return { promoted, seatsError };
  }
}

/**
 * insertRegistrations' statement. Its text never changes: compiled once, and a named prepared
 * statement, planned once per connection (decision 0151).
 */
const insertGroup = queryTemplate<
  { registrations: string; messages: string },
  { id: string; status: RegistrationRow['status'] }
>(['registrations', 'messages'], (db, group) => ({
  compile: () =>
    sql<{ id: string; status: RegistrationRow['status'] }>`
    with registration as (
      insert into registrations (id, nome_completo, whatsapp, email, email_key, nome_compania,
        levar_alguem, confirmacao, status, created_at, event_id, personal_token, submission_key,
        respostas)
      select r.id, r.nome_completo, r.whatsapp, r.email, r.email_key, r.nome_compania,
        r.levar_alguem, r.confirmacao, ${pendingOrWaitlisted()}, r.created_at,
        (select e.id from events e where e.is_current = 1), r.personal_token, r.submission_key,
        r.respostas
      from json_populate_recordset(null::registrations, ${group.registrations}::json) r
      on conflict do nothing
      returning id, created_at, status
    ), change as (
      insert into live_changes (type, registration_id, changed_at)
      select 'created', id, created_at from registration
    ), queued as (
      -- The messages of the registrations stored, not of those whose e-mail was taken.
      insert into messages
      select m.* from json_populate_recordset(null::messages, ${group.messages}::json) m
      where m.registration_id in (select id from registration)
    )
    select id, status from registration`.compile(db),
}));
