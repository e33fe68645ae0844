// The person says they will come (issue 35.2): 'Vou comparecer' on WhatsApp, or the reminder
// e-mail's link and its confirmation step. Recorded once on a confirmed registration (`rsvp`),
// with its history entry and a live change for the panels.
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';

/** True when it changed something: confirmed, and not said before. */
export async function confirmAttendanceIn(
  trx: Transaction<Database>,
  registrationId: string,
): Promise<boolean> {
  const row = await trx
    .updateTable('registrations')
    .set({ rsvp: 'yes' })
    .where('id', '=', registrationId)
    .where('status', '=', 'confirmed')
    .where('rsvp', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await recordAudit(trx, registrationId, 'attendance_confirmed', null);
  await logChange(trx, 'updated', registrationId);
  return true;
}

/** By the person's own token (their page's step); false when nothing changed. */
export async function confirmAttendanceByToken(
  db: Kysely<Database>,
  token: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('registrations')
      .select('id')
      .where('personal_token', '=', token)
      .executeTakeFirst();
    return found ? confirmAttendanceIn(trx, found.id) : false;
  });
}
