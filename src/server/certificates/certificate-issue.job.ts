// Certificates issued by themselves (issue 36.4): once the current edition's event has ended (its
// start plus its duration, on its own clocks), each check gives a certificate, and queues its
// message, to whoever came and has none yet, while `certificate.enabled` is on. A minute's check
// on one instance (jobs/job-runner.ts); the unique index keeps a certificate to one per person
// even when the button and the job meet (decisions 0236, 0237).
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../audit/actor.ts';
import { eventEndsAt } from '../../shared/event-start.ts';
import { readCurrentEdition } from '../editions/editions.repository.ts';
import type { Job } from '../jobs/job-runner.ts';
import { issueCertificates } from './issue-certificates.repository.ts';

/** Issues the current edition's missing certificates now; null when they are off. */
export async function issueCurrentCertificates(
  app: FastifyInstance,
  now: Date,
  actor: Actor | null = null,
): Promise<number | null> {
  // Read from the database, not this instance's copy: another may have saved the settings.
  const edition = await readCurrentEdition(app.db.kysely);
  if (!edition.settings.certificate.enabled) return null;
  return issueCertificates(app.db.kysely, edition, now, app.messagePlan.certificate, actor);
}

export const certificateIssueJob: Job = {
  name: 'certificate-issue',
  // Each minute's check (the runner's), with room for a check that comes a little early: the
  // certificates leave within about two minutes of the event's end.
  everyMs: 50_000,
  async run(app) {
    const now = new Date();
    const edition = await readCurrentEdition(app.db.kysely);
    const { settings } = edition;
    if (!settings.certificate.enabled || now < eventEndsAt(settings)) return;
    const issued = await issueCertificates(
      app.db.kysely,
      edition,
      now,
      app.messagePlan.certificate,
    );
    // A count only: nothing about a person in the log.
    if (issued > 0) app.log.info({ issued, edition: edition.id }, 'certificates issued');
  },
};
