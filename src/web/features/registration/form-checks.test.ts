import { describe, expect, it } from 'vitest';
import { apiErrors } from '@shared/api-error.ts';
import { messages } from '@shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { prepareSubmission } from './form-checks.ts';
import {
  emptyValues,
  firstInvalidField,
  formFieldErrors,
  type RegistrationFormValues,
} from './form-values.ts';
import { refusalDescription } from './registration-texts.ts';

/** What a visitor types for the test suite's valid registration, the phone as dialled in the US. */
function values(overrides: Partial<RegistrationFormValues> = {}): RegistrationFormValues {
  const { nome_completo, email, nome_compania } = validRegistration({ email: 'maria@exemplo.com' });
  return {
    ...emptyValues('US'),
    nome_completo,
    whatsapp: '(508) 555-1234',
    email,
    nome_compania,
    ...overrides,
  };
}

describe('prepareSubmission', () => {
  it('trims the text and sends the phone in E.164 for the chosen country', () => {
    const result = prepareSubmission(
      values({
        nome_completo: '  Maria da Silva ',
        whatsapp: ' (508) 555-1234 ',
        email: '\tmaria@exemplo.com ',
        nome_compania: ' Construtora Horizonte\n',
        levar_alguem: 'sim',
        confirmacao: 'agenda',
      }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        nome_completo: 'Maria da Silva',
        whatsapp: '+15085551234',
        email: 'maria@exemplo.com',
        nome_compania: 'Construtora Horizonte',
        levar_alguem: 'sim',
        confirmacao: 'agenda',
        website: '',
      },
    });
  });

  it('reads the number in the national format of the chosen country', () => {
    const result = prepareSubmission(values({ country: 'BR', whatsapp: '(11) 91234-5678' }));
    expect(result.ok && result.body.whatsapp).toBe('+5511912345678');
  });

  it('accepts a number typed with its own country code, whatever the chosen country', () => {
    const result = prepareSubmission(values({ country: 'US', whatsapp: '+55 21 98765-4321' }));
    expect(result.ok && result.body.whatsapp).toBe('+5521987654321');
  });

  it('leaves the two questions empty when nothing was chosen', () => {
    const result = prepareSubmission(values());
    expect(result.ok && [result.body.levar_alguem, result.body.confirmacao]).toEqual(['', '']);
  });

  it('passes the hidden field on as typed, so the server can spot a bot', () => {
    const result = prepareSubmission(values({ website: 'http://spam.example' }));
    expect(result.ok && result.body.website).toBe('http://spam.example');
  });

  it('marks every empty required field, counting spaces as empty', () => {
    const result = prepareSubmission(
      values({ nome_completo: '', whatsapp: '   ', email: '\t', nome_compania: ' \n ' }),
    );
    expect(result).toEqual({
      ok: false,
      missingRequired: true,
      errors: {
        nome_completo: messages.required,
        whatsapp: messages.required,
        email: messages.required,
        nome_compania: messages.required,
      },
    });
  });

  it('also reports the other problems when a required field is empty', () => {
    const result = prepareSubmission(values({ nome_completo: ' ', email: 'maria@' }));
    expect(result).toEqual({
      ok: false,
      missingRequired: true,
      errors: { nome_completo: messages.required, email: messages.invalidEmail },
    });
  });

  it('refuses a phone that is not valid for the chosen country', () => {
    // A Brazilian mobile without its DDD.
    expect(prepareSubmission(values({ country: 'BR', whatsapp: '91234-5678' }))).toEqual({
      ok: false,
      missingRequired: false,
      errors: { whatsapp: messages.invalidPhone },
    });
    for (const whatsapp of ['123', 'abc', '555-1234', '+99 1234567890', '+55 91234-5678']) {
      expect(prepareSubmission(values({ whatsapp }))).toEqual({
        ok: false,
        missingRequired: false,
        errors: { whatsapp: messages.invalidPhone },
      });
    }
  });

  it('accepts Brazilian landlines and mobiles with their DDD', () => {
    for (const [whatsapp, e164] of [
      ['(11) 3456-7890', '+551134567890'],
      ['11 91234-5678', '+5511912345678'],
      ['(21) 98765-4321', '+5521987654321'],
    ]) {
      const result = prepareSubmission(values({ country: 'BR', whatsapp }));
      expect(result.ok && result.body.whatsapp).toBe(e164);
    }
  });

  it('uses the schema messages for the e-mail and the lengths', () => {
    expect(
      prepareSubmission(
        values({ email: 'maria silva@exemplo.com', nome_compania: 'c'.repeat(201) }),
      ),
    ).toEqual({
      ok: false,
      missingRequired: false,
      errors: { email: messages.invalidEmail, nome_compania: messages.tooLong(200) },
    });
  });

  it('ignores an oversized hidden field instead of showing an invisible error', () => {
    expect(prepareSubmission(values({ website: 'x'.repeat(500) })).ok).toBe(true);
  });
});

describe('refusalDescription', () => {
  it("uses the spec's text when a required field is empty, even with other problems", () => {
    const refused = prepareSubmission(values({ nome_completo: ' ', email: 'maria@' }));
    expect(refusalDescription(refused as { missingRequired: boolean })).toBe(
      'Por favor, preencha todos os campos obrigatórios.',
    );
  });

  it("asks to check the highlighted fields, like the server's 400, when one is only invalid", () => {
    const refused = prepareSubmission(values({ whatsapp: '555-1234' }));
    expect(refused.ok).toBe(false);
    expect(refusalDescription(refused as { missingRequired: boolean })).toBe(apiErrors.validation);
    expect(apiErrors.validation).toBe('Confira os campos destacados.');
  });
});

describe('formFieldErrors', () => {
  it('keeps the messages of fields the form shows and drops the others', () => {
    expect(
      formFieldErrors({
        email: 'Este e-mail já está inscrito.',
        website: 'Use no máximo 200 caracteres.',
        status: 'Campo desconhecido.',
      }),
    ).toEqual({ email: 'Este e-mail já está inscrito.' });
    expect(formFieldErrors(undefined)).toEqual({});
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form, not the order of the messages', () => {
    expect(firstInvalidField({ nome_compania: 'x', email: 'y' })).toBe('email');
    expect(firstInvalidField({ confirmacao: 'x', nome_completo: 'y' })).toBe('nome_completo');
    expect(firstInvalidField({})).toBeUndefined();
  });
});
