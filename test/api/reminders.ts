// Reminders for API tests (issue 35.1): the event saved to start just past a reminder's time (so
// people confirmed now were confirmed before it), and the reminder e-mails and WhatsApp requests
// the stand-ins received.
import { expect } from 'vitest';
import type { EventSettings } from '../../src/shared/event-settings.schema.ts';
import { eventStartsAt } from '../../src/shared/event-start.ts';
import { api } from '../../src/shared/paths.ts';
import type { TestServer } from '../servers/test-server.ts';
import type { TestGraphApi } from '../stand-ins/graph-api.ts';
import type { TestSmtp } from '../stand-ins/smtp.ts';
import { eventStartingAt } from './event-day.ts';

const hour = 60 * 60_000;

/**
 * Saves the event to start `hoursBefore` hours and two minutes from now, with these reminders:
 * the reminder of `hoursBefore` comes due two minutes from now. Resolves with the instant it
 * starts at, as the server reads it (whole minutes).
 */
export async function eventAfterReminder(
  server: TestServer,
  adminCookie: string,
  hoursBefore: number,
  reminders: number[] = [hoursBefore],
  extra: Partial<EventSettings> = {},
): Promise<{ settings: EventSettings; startsAt: Date }> {
  const saved = await eventStartingAt(
    server,
    adminCookie,
    Date.now() + hoursBefore * hour + 2 * 60_000,
  );
  const response = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: adminCookie },
    json: { ...saved, ...extra, reminders: reminders.map((hours) => ({ hoursBefore: hours })) },
  });
  expect(response.status).toBe(200);
  const settings = (await response.json()) as EventSettings;
  return { settings, startsAt: eventStartsAt(settings) };
}

/** A second past the reminder's time. */
export function justAfter(startsAt: Date, hoursBefore: number): Date {
  return new Date(startsAt.getTime() - hoursBefore * hour + 1000);
}

/** The reminder e-mails received so far (their subject says how soon: 'Amanhã: ...'). */
export function reminderMails(smtp: TestSmtp, eventName: string) {
  return smtp.received.filter(
    (mail) =>
      /^(Hoje|Amanhã|Em \d+ dias): /.test(mail.subject ?? '') && mail.subject?.endsWith(eventName),
  );
}

/** The reminder template requests the Graph API stand-in answered. */
export function reminderRequests(graph: TestGraphApi, template: string) {
  return graph.requests.filter(
    (request) => request.body.template?.name === template && request.wamid,
  );
}
