import { describe, expect, it } from 'vitest';
import { defaultEvent } from '../../../shared/event.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { receivedEmail } from './email-bodies.ts';

describe("the 'received' e-mail's 'O que você enviou'", () => {
  const registration = servedRegistration({
    respostas: { dieta: 'Sem glúten' },
    confirmacao: 'agenda',
  });

  it("lists the original's fields as a fresh install asks them", () => {
    const { text } = receivedEmail(registration, defaultEvent);
    expect(text).toContain('Empresa: Construtora Horizonte\nLevar alguém: Sim\n');
    expect(text).toContain('Confirmação: Já coloquei na agenda\n');
  });

  it('leaves out what the form did not ask, says a choice in the organizer’s words, and never an answer', () => {
    const event = {
      ...defaultEvent,
      fields: { nome_compania: 'hidden', levar_alguem: 'hidden', confirmacao: 'shown' } as const,
      fieldLabels: {
        ...defaultEvent.fieldLabels,
        confirmacao: { label: 'Presença', options: { ok: 'Vou', agenda: 'Anotei na agenda' } },
      },
    };
    const { text, html } = receivedEmail(registration, event);
    expect(text).not.toContain('Empresa');
    expect(text).not.toContain('Levar alguém');
    expect(text).toContain('Confirmação: Anotei na agenda\n');
    expect(text + html).not.toContain('Sem glúten');
  });
});
