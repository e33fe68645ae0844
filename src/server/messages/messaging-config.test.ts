// Sending's configuration is checked at start: what can be checked offline stops the server with
// the variable's name, before a single message is queued for a provider that cannot work.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.ts';
import { graphApiUrl, loadConfig } from '../config.ts';
import { messagePlan } from './message-plan.ts';

const whatsapp = {
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_TEMPLATE: 'ingresso_confirmado',
};

describe('the sending configuration', () => {
  it('sends nothing by itself when nothing is set', () => {
    const config = loadConfig({});
    expect(config.mail).toBeUndefined();
    expect(config.whatsapp).toBeUndefined();
    expect(messagePlan(config)).toEqual({
      received: [],
      ticket: [],
      cancelled: [],
      certificate: [],
      reminder: [],
      seat: [],
      announcement: [],
    });
  });

  it('takes SMTP_URL and MAIL_FROM together', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.exemplo.com:465',
      MAIL_FROM: 'Build Safe <i@exemplo.com>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.exemplo.com:465',
      from: 'Build Safe <i@exemplo.com>',
    });
    expect(messagePlan(config)).toEqual({
      received: ['email'],
      ticket: ['email'],
      cancelled: ['email'],
      certificate: ['email'],
      reminder: ['email'],
      seat: ['email'],
      announcement: ['email'],
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@h:587' })).toThrow(
      'SMTP_URL is set but MAIL_FROM is not',
    );
    expect(() => loadConfig({ MAIL_FROM: 'i@exemplo.com' })).toThrow(
      'MAIL_FROM is set but SMTP_URL is not',
    );
  });

  it('refuses a malformed SMTP_URL, naming it and never printing its password', () => {
    for (const value of ['mail.exemplo.com:587', 'http://u:segredo@h:587', 'smtp//u:segredo@h']) {
      let error: unknown;
      try {
        loadConfig({ SMTP_URL: value, MAIL_FROM: 'i@exemplo.com' });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('SMTP_URL');
      expect((error as Error).message).not.toContain('segredo');
    }
  });

  it('takes the three WhatsApp sending variables together, with the documented defaults', () => {
    const config = loadConfig(whatsapp);
    expect(config.whatsapp).toEqual({
      token: 'token',
      phoneNumberId: '106540352242922',
      template: 'ingresso_confirmado',
      templateLanguage: 'pt_BR',
      cancelButton: false,
      certificateTemplate: undefined,
      reminderTemplate: undefined,
      seatTemplate: undefined,
      apiUrl: graphApiUrl,
      appSecret: undefined,
      verifyToken: undefined,
    });
    expect(graphApiUrl).toMatch(/^https:\/\/graph\.facebook\.com\/v\d+\.\d+$/);
    // The certificate goes by WhatsApp only with its own template (issue 36.4).
    expect(messagePlan(config)).toEqual({
      received: [],
      ticket: ['whatsapp'],
      cancelled: [],
      certificate: [],
      reminder: [],
      seat: [],
      announcement: [],
    });
    const withCertificate = loadConfig({
      ...whatsapp,
      WHATSAPP_TEMPLATE_CERTIFICATE: 'certificado_emitido',
    });
    expect(withCertificate.whatsapp?.certificateTemplate).toBe('certificado_emitido');
    expect(messagePlan(withCertificate).certificate).toEqual(['whatsapp']);
    // And an announcement with its own (issue 35.4).
    const withNotice = loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE_NOTICE: 'aviso_do_evento' });
    expect(withNotice.whatsapp?.noticeTemplate).toBe('aviso_do_evento');
    expect(messagePlan(withNotice).announcement).toEqual(['whatsapp']);
    expect(() => loadConfig({ WHATSAPP_TEMPLATE_CERTIFICATE: 'certificado_emitido' })).toThrow(
      'WHATSAPP_TEMPLATE_CERTIFICATE is set but WHATSAPP_TOKEN is not',
    );
    // So do the reminder and the seat held (issue 35.1, 35.3).
    const withReminders = loadConfig({
      ...whatsapp,
      WHATSAPP_TEMPLATE_REMINDER: 'lembrete_evento',
      WHATSAPP_TEMPLATE_SEAT: 'vaga_reservada',
    });
    expect(messagePlan(withReminders).reminder).toEqual(['whatsapp']);
    expect(messagePlan(withReminders).seat).toEqual(['whatsapp']);
    expect(() => loadConfig({ WHATSAPP_TEMPLATE_SEAT: 'vaga_reservada' })).toThrow(
      'WHATSAPP_TEMPLATE_SEAT is set but WHATSAPP_TOKEN is not',
    );
    expect(() =>
      loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE_REMINDER: 'Lembrete Evento' }),
    ).toThrow('WHATSAPP_TEMPLATE_REMINDER');
  });

  it('adds the template’s second button only when WHATSAPP_TEMPLATE_CANCEL_BUTTON says so', () => {
    for (const value of ['1', 'true', 'on', 'yes'])
      expect(
        loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE_CANCEL_BUTTON: value }).whatsapp?.cancelButton,
      ).toBe(true);
    for (const value of ['0', 'false', 'off', 'no', ''])
      expect(
        loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE_CANCEL_BUTTON: value }).whatsapp?.cancelButton,
      ).toBe(false);
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE_CANCEL_BUTTON: 'sim' })).toThrow(
      'WHATSAPP_TEMPLATE_CANCEL_BUTTON: use 1 or 0',
    );
    expect(() => loadConfig({ WHATSAPP_TEMPLATE_CANCEL_BUTTON: '1' })).toThrow(
      'WHATSAPP_TEMPLATE_CANCEL_BUTTON is set but WHATSAPP_TOKEN is not',
    );
    // Off without the sending variables is the default written out: nothing to complain about.
    expect(loadConfig({ WHATSAPP_TEMPLATE_CANCEL_BUTTON: '0' }).whatsapp).toBeUndefined();
  });

  it('stops at start on half the WhatsApp variables, naming what is missing', () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'token' })).toThrow(
      'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TEMPLATE: not set',
    );
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_APP_SECRET: 'segredo' })).toThrow(
      'WHATSAPP_VERIFY_TOKEN is not set',
    );
    expect(() => loadConfig({ WHATSAPP_VERIFY_TOKEN: 'v' })).toThrow(
      'WHATSAPP_VERIFY_TOKEN is set but WHATSAPP_TOKEN is not',
    );
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: '+55 11' })).toThrow(
      'WHATSAPP_PHONE_NUMBER_ID',
    );
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE: 'Ingresso Confirmado' })).toThrow(
      'WHATSAPP_TEMPLATE',
    );
  });
});
