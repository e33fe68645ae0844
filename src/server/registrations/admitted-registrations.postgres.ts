// New registrations on PostgreSQL when the edition admits automatically (decision 0130): those
// arriving together are written in one transaction that holds the seats once, so a burst pays one
// lock wait and one commit per group instead of one per registration (on its own transaction each,
// a registration would wait for every other one's commit). In arrival order, each takes a seat
// while one is left (confirmed, with its code and its ticket's messages) or joins the waiting
// list. A duplicate e-mail (ON CONFLICT, also against a registration written meanwhile without the
// lock) is answered as such, and a seat it was given goes back to the waiting list in the same
// transaction. Should the group's transaction fail, each registration is written again alone, so
// a bad one fails alone.
import { sql, type Kysely } from 'kysely';
import { newRegistrationState } from '../../shared/registration.schema.ts';
import { wakeAfterCommit } from '../db/commit-wakes.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { messageRows } from '../messages/outbox.repository.ts';
import { admit, holdSeats } from '../seats/seats.repository.ts';
import { newPersonalToken, newTicketCode } from '../tickets/ticket-code.ts';
import { groupWriter } from './group-writer.ts';
import type { RegistrationInput, Written } from './new-registration.ts';
import { storedAnswers } from './registration-rows.ts';
import { newRegistrationId } from './uuid.ts';
import { promoteWaitlisted } from './waiting-list.repository.ts';

type Input = RegistrationInput;

/** Writes one registration, admitted with the others arriving at the same time on this pool. */
export const writeAdmittedOnPostgres = groupWriter<Written>({
  // Registrations per transaction: a quick commit, and the lock held briefly.
  maxGroup: 64,
  // One group at a time: they would only wait for each other's seats.
  maxInFlight: 1,
  write: admitGroup,
});

async function admitGroup(
  db: Kysely<Database>,
  inputs: readonly Input[],
  plan: MessagePlan,
): Promise<Written[]> {
  return db.transaction().execute(async (trx) => {
    const seats = await holdSeats(trx);
    const { delivery: _none, respostas: _stored, ...state } = newRegistrationState;
    const now = new Date().toISOString();
    // The same e-mail twice in one group: the later one is a duplicate, and takes no seat.
    const seen = new Set<string>();
    const rows = inputs.flatMap((input) => {
      const key = emailKey(input.email);
      if (seen.has(key)) return [undefined];
      seen.add(key);
      const status = admit(seats);
      return [
        {
          ...input,
          ...state,
          status,
          ticket_code: status === 'confirmed' ? newTicketCode() : null,
          personal_token: newPersonalToken(),
          submission_key: input.submission_key ?? null,
          respostas: storedAnswers(input.respostas),
          id: newRegistrationId(),
          email_key: key,
          created_at: now,
          event_id: seats.editionId,
        },
      ];
    });
    const values = rows.filter((row) => row !== undefined);
    const kindOf = (row: Pick<RegistrationRow, 'status'>) =>
      row.status === 'confirmed' ? 'ticket' : 'received';
    // Every registration's messages; the statement keeps those of the ones stored.
    const messages = messageRows(
      values.flatMap((row) =>
        plan[kindOf(row)].map((channel) => ({
          registrationId: row.id,
          kind: kindOf(row),
          channel,
        })),
      ),
    );
    // One statement, as the approval path's (0126): the rows and the messages as one JSON
    // parameter each; the stored ones' live changes and, for the confirmed, audit entries.
    const { rows: inserted } = await sql<{ id: string }>`
      with registration as (
        insert into registrations (id, nome_completo, whatsapp, email, email_key, nome_compania,
          levar_alguem, confirmacao, status, ticket_code, personal_token, created_at, event_id,
          submission_key, respostas)
        select r.id, r.nome_completo, r.whatsapp, r.email, r.email_key, r.nome_compania,
          r.levar_alguem, r.confirmacao, r.status, r.ticket_code, r.personal_token, r.created_at,
          r.event_id, r.submission_key, r.respostas
        from json_populate_recordset(null::registrations, ${JSON.stringify(values)}::json) r
        on conflict do nothing
        returning id, status, created_at
      ), change as (
        insert into live_changes (type, registration_id, changed_at)
        select 'created', id, created_at from registration
      ), audit as (
        insert into audit_entries (registration_id, event_id, action, account_id, actor, at)
        select id, ${seats.editionId}, 'confirmed', null, null, created_at
        from registration where status = 'confirmed'
      ), queued as (
        insert into messages
        select m.* from json_populate_recordset(null::messages, ${JSON.stringify(messages)}::json) m
        where m.registration_id in (select id from registration)
      )
      select id from registration`.execute(trx);
    // Its live changes and messages, written by the statement: woken once the group commits.
    if (inserted.length > 0) {
      await wakeAfterCommit(trx, 'live', ...(messages.length > 0 ? (['outbox'] as const) : []));
    }
    const byId = new Map<string, RegistrationRow>();
    const storedIds = new Set(inserted.map((row) => row.id));
    for (const row of values) if (storedIds.has(row.id)) byId.set(row.id, row);
    // A seat given to an e-mail already registered goes back (to the waiting list, below).
    seats.confirmed -= values.filter((r) => r.status === 'confirmed' && !byId.has(r.id)).length;

    const givenBack = values.some((r) => r.status === 'confirmed' && !byId.has(r.id));
    const promoted = givenBack ? await promoteWaitlisted(trx, seats, plan) : [];
    if (promoted.length > 0) {
      for (const row of await trx
        .selectFrom('registrations')
        .selectAll()
        .where('id', 'in', promoted)
        .execute()) {
        byId.set(row.id, row);
      }
    }
    return rows.map((row) => {
      const storedRow = row && byId.get(row.id);
      if (!storedRow) return 'duplicate';
      const kind = kindOf(storedRow);
      // Its messages are the ones just queued: nothing to read back.
      const delivery = Object.fromEntries(
        plan[kind].map((channel) => [channel, { kind, status: 'queued', error: null }]),
      );
      return { row: storedRow, delivery };
    });
  });
}
