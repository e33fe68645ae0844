import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/audit.schema.ts';
import { auditEntryText } from './audit-entry-text.ts';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  registration_id: '0b6f2f0e-8d3c-4c1e-9a51-3f7c1c2f9d10',
  action: 'confirmed',
  actor: null,
  at: '2026-11-29T12:00:00.000Z',
  message: null,
  ...fields,
});

describe("a registration's history on its card", () => {
  it('says the person cancelled through their own link, or on WhatsApp, as they did', () => {
    expect(auditEntryText(entry({ action: 'withdrawn' }))).toBe(
      'a própria pessoa cancelou a inscrição pelo link pessoal',
    );
    expect(
      auditEntryText(
        entry({ action: 'withdrawn', message: { kind: 'cancel_check', channel: 'whatsapp' } }),
      ),
    ).toBe('a própria pessoa cancelou a inscrição pelo WhatsApp');
  });

  it('names the account, the message sent again, or the server', () => {
    expect(auditEntryText(entry({ action: 'cancelled', actor: 'ana@exemplo.com' }))).toBe(
      'ana@exemplo.com cancelou a inscrição',
    );
    expect(
      auditEntryText(
        entry({
          action: 'message_resent',
          actor: 'ana@exemplo.com',
          message: { kind: 'ticket', channel: 'email' },
        }),
      ),
    ).toBe('ana@exemplo.com reenviou a mensagem E-mail · Ingresso');
    expect(auditEntryText(entry({ action: 'certificate_issued' }))).toBe(
      'sistema emitiu o certificado',
    );
  });
});
