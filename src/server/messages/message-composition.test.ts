// Composing each message alone: what goes to which provider, built from the registration as it is
// now, and what is not sent (and why) without asking any provider.
import { describe, expect, it } from 'vitest';
import { defaultEvent } from '../../shared/event.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { composeMessage, type Recipient } from './message-composition.ts';
import { qrContentId } from './email/email-bodies.ts';

const publicUrl = 'https://inscricoes.exemplo.com';
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function recipient(served: Partial<Registration> = {}): Recipient {
  return {
    registration: servedRegistration({ status: 'confirmed', ticket_code: 'ABC2345', ...served }),
    event: defaultEvent,
    personalUrl: `${publicUrl}/inscricao/token-da-maria`,
    personalToken: 'token-da-maria',
  };
}

const message = (kind: 'received' | 'ticket' | 'cancelled', channel: 'email' | 'whatsapp') => ({
  id: '0193a5f0-0000-7000-8000-000000000001',
  kind,
  channel,
});

describe('composing a message', () => {
  it('writes the received e-mail to the person, under the message’s own id, with their page', () => {
    const to = recipient({ status: 'pending', ticket_code: null });
    const request = composeMessage(message('received', 'email'), to, publicUrl);
    expect(request.channel).toBe('email');
    if (request.channel !== 'email') return;
    expect(request.email.messageId).toBe(message('received', 'email').id);
    expect(request.email.to).toBe(to.registration.email);
    expect(request.email.subject).toBe(`Recebemos sua inscrição no ${defaultEvent.name}`);
    expect(request.email.text).toContain(to.personalUrl);
    expect(request.email.attachments).toBeUndefined();
  });

  it('attaches the QR code of the ticket page and the calendar file to the ticket e-mail', () => {
    const request = composeMessage(message('ticket', 'email'), recipient(), publicUrl);
    if (request.channel !== 'email') throw new Error(`not an e-mail: ${request.channel}`);
    expect(request.email.subject).toBe(`Seu ingresso para o ${defaultEvent.name}`);
    expect(request.email.text).toContain(`${publicUrl}/ingresso/ABC2345`);
    const [qr, calendar] = request.email.attachments!;
    expect(qr!.cid).toBe(qrContentId);
    expect(request.email.html).toContain(`cid:${qrContentId}`);
    expect((qr!.content as Buffer).subarray(0, 4)).toEqual(pngSignature);
    expect(calendar!.filename).toBe('evento.ics');
    expect(String(calendar!.content)).toContain('BEGIN:VCALENDAR');
  });

  it('fills the WhatsApp ticket template: number, name, event, date in pt-BR, code, token', () => {
    const to = recipient();
    expect(composeMessage(message('ticket', 'whatsapp'), to, publicUrl)).toEqual({
      channel: 'whatsapp',
      ticket: {
        to: to.registration.whatsapp,
        name: to.registration.nome_completo,
        eventName: defaultEvent.name,
        dateTime: '6 de dezembro de 2025, às 7:30',
        ticketCode: 'ABC2345',
        personalToken: 'token-da-maria',
      },
    });
  });

  it('sends nothing for a registration deleted meanwhile', () => {
    expect(composeMessage(message('received', 'email'), undefined, publicUrl)).toEqual({
      channel: null,
      unsendable: { kind: 'unsendable', code: 'gone', message: 'Inscrição removida.' },
    });
  });

  it('sends no ticket to a person cancelled before it left, on either channel', () => {
    for (const channel of ['email', 'whatsapp'] as const) {
      const request = composeMessage(
        message('ticket', channel),
        recipient({ status: 'cancelled' }),
        publicUrl,
      );
      expect(request).toEqual({
        channel: null,
        unsendable: { kind: 'unsendable', code: 'cancelled', message: 'Inscrição cancelada.' },
      });
    }
  });

  it('sends no cancellation e-mail to a person restored before it left', () => {
    const request = composeMessage(message('cancelled', 'email'), recipient(), publicUrl);
    expect(request).toEqual({
      channel: null,
      unsendable: { kind: 'unsendable', code: 'restored', message: 'Inscrição restaurada.' },
    });
  });

  it('sends no ticket without a code, and nothing but tickets by WhatsApp', () => {
    const noTicket = {
      channel: null,
      unsendable: {
        kind: 'unsendable',
        code: 'no_ticket',
        message: 'A inscrição não tem ingresso.',
      },
    };
    const pending = recipient({ status: 'pending', ticket_code: null });
    expect(composeMessage(message('ticket', 'email'), pending, publicUrl)).toEqual(noTicket);
    expect(composeMessage(message('ticket', 'whatsapp'), pending, publicUrl)).toEqual(noTicket);
    expect(composeMessage(message('received', 'whatsapp'), recipient(), publicUrl)).toEqual(
      noTicket,
    );
  });
});
