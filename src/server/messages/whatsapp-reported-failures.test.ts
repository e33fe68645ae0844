// The reason the organizer reads when Meta reports a ticket undelivered on its status webhook,
// after taking the send: a number that is not on WhatsApp is answered with a wamid and reported
// failed (131026) a moment later. The status webhook's own test of it is
// whatsapp-webhook-failures.test.ts.
import { describe, expect, it } from 'vitest';
import { reportedFailure } from './whatsapp/whatsapp-client.ts';

describe('a failure Meta reports on its status webhook', () => {
  it('has the same pt-BR reason as a refused send for a code we know (131026)', () => {
    expect(reportedFailure({ code: 131026, title: 'Message undeliverable' })).toEqual({
      code: 'whatsapp_131026',
      message: 'Este número não tem WhatsApp ou não pode receber a mensagem.',
    });
  });

  it("keeps Meta's code and title for a code it has no pt-BR reason for", () => {
    expect(reportedFailure({ code: 131000, title: 'Something went wrong' })).toEqual({
      code: 'whatsapp_131000',
      message: 'O WhatsApp não entregou a mensagem (131000): Something went wrong',
    });
    expect(reportedFailure({})).toEqual({
      code: 'whatsapp_failed',
      message: 'O WhatsApp não entregou a mensagem (?): ',
    });
  });
});
