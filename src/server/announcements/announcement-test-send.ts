// 'Enviar teste' (issue 35.4): the announcement once, to the signed-in organizer's own address,
// composed exactly as each person's (announcement-composition.ts) for a sample person. Sent at
// once rather than through the outbox (decision 0271): it is for the organizer, nobody registered,
// and what they need back is whether the mail server took it, now.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { samplePerson } from '../../shared/announcement.schema.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { attendeePageUrl, ticketPageUrl } from '../../shared/paths.ts';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../messages/email/smtp-mailer.ts';
import {
  announcementEmail,
  filledAnnouncement,
  type AnnouncementContent,
} from './announcement-composition.ts';

export const testResultSchema = z.object({
  /** Where it went. */
  to: z.string(),
  /** Whether the mail server took it; when not, its reason in pt-BR. */
  sent: z.boolean(),
  reason: z.string().nullable(),
});
export type TestResult = z.output<typeof testResultSchema>;

/** The sample person's links: the shape of a real one, leading nowhere. */
export function sampleLinks(publicUrl: string) {
  return {
    link: ticketPageUrl(publicUrl, 'EXEMPLO'),
    personalUrl: attendeePageUrl(publicUrl, 'exemplo'),
  };
}

export interface AnnouncementTestSender {
  configured: boolean;
  send(content: AnnouncementContent, event: EventSettings, to: string): Promise<TestResult>;
  close(): void;
}

export function announcementTestSender(
  config: Pick<Config, 'mail' | 'publicUrl'>,
): AnnouncementTestSender {
  let mailer: Mailer | undefined;
  const { link, personalUrl } = sampleLinks(config.publicUrl);
  return {
    configured: config.mail !== undefined,
    async send(content, event, to) {
      // Opened at the first test: most servers never send one.
      mailer ??= createMailer(config.mail!, new URL(config.publicUrl).hostname);
      const filled = filledAnnouncement(content, event, { nome: samplePerson.nome, link });
      const body = announcementEmail(
        { ...filled, subject: `[Teste] ${filled.subject}` },
        // The logo travels only inside the outbox's e-mails (read from the database there).
        { ...event, logo: null },
        personalUrl,
      );
      const result = await mailer.send({ messageId: randomUUID(), to, ...body });
      return result.kind === 'accepted'
        ? { to, sent: true, reason: null }
        : { to, sent: false, reason: result.message };
    },
    close: () => mailer?.close(),
  };
}
