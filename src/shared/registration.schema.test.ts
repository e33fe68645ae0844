import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  fieldLimits,
  isValidEmail,
  messages,
  newRegistrationSchema,
} from './registration.schema.ts';
import { toE164 } from './phone.ts';

const valid = {
  nome_completo: 'Maria da Silva',
  whatsapp: '(508) 555-1234',
  email: 'maria@exemplo.com',
  nome_compania: 'Construtora Horizonte',
  levar_alguem: 'sim',
  confirmacao: 'ok',
};

/** The per-field messages the API would send for this body; {} when it is valid. */
function errorsFor(body: unknown): Record<string, string> {
  const result = newRegistrationSchema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
}

describe('newRegistrationSchema', () => {
  it('accepts the six fields and trims the text', () => {
    const parsed = newRegistrationSchema.parse({
      ...valid,
      nome_completo: '  Maria da Silva ',
      email: ' maria@exemplo.com\t',
      nome_compania: '\nConstrutora Horizonte  ',
    });
    expect(parsed).toEqual({
      nome_completo: 'Maria da Silva',
      whatsapp: '+15085551234',
      email: 'maria@exemplo.com',
      nome_compania: 'Construtora Horizonte',
      levar_alguem: 'sim',
      confirmacao: 'ok',
    });
  });

  it('requires name, WhatsApp, e-mail and company, with the same message for missing and blank', () => {
    expect(errorsFor({})).toEqual({
      nome_completo: messages.required,
      whatsapp: messages.required,
      email: messages.required,
      nome_compania: messages.required,
    });
    expect(
      errorsFor({
        ...valid,
        nome_completo: '   ',
        whatsapp: '',
        email: ' \t ',
        nome_compania: '\n',
      }),
    ).toEqual({
      nome_completo: 'Campo obrigatório.',
      whatsapp: 'Campo obrigatório.',
      email: 'Campo obrigatório.',
      nome_compania: 'Campo obrigatório.',
    });
  });

  it('asks for text when a field is sent as another type', () => {
    expect(
      errorsFor({ ...valid, nome_completo: 42, whatsapp: ['5085551234'], email: { a: 1 } }),
    ).toEqual({
      nome_completo: 'Envie este campo como texto.',
      whatsapp: 'Envie este campo como texto.',
      email: 'Envie este campo como texto.',
    });
    expect(errorsFor({ ...valid, nome_compania: null })).toEqual({
      nome_compania: messages.notText,
    });
  });

  it('refuses half of a UTF-16 surrogate pair, which is not text, but keeps emoji and accents', () => {
    expect(errorsFor({ ...valid, nome_completo: 'Maria \ud800 Silva' })).toEqual({
      nome_completo: 'Envie este campo como texto.',
    });
    expect(errorsFor({ ...valid, nome_compania: 'Construtora \udfff' })).toEqual({
      nome_compania: messages.notText,
    });
    expect(errorsFor({ ...valid, nome_completo: 'João Conceição 👷‍♀️' })).toEqual({});
  });

  it('drops invisible marks and direction overrides, keeping the joiners emoji need', () => {
    const parsed = newRegistrationSchema.parse({
      ...valid,
      // A right-to-left override would show "Silva" as "avliS" in the panel and the CSV.
      nome_completo: '\u200bMaria \u202eda Silva\u202c\u200f 👷\u200d♀️',
      email: 'maria@exemplo.com\u200b',
      nome_compania: '\ufeffConstrutora \u2066Horizonte\u2069',
    });
    expect(parsed.nome_completo).toBe('Maria da Silva 👷\u200d♀️');
    expect(parsed.email).toBe('maria@exemplo.com');
    expect(parsed.nome_compania).toBe('Construtora Horizonte');
    expect(errorsFor({ ...valid, nome_compania: '\u200b\u200b' })).toEqual({
      nome_compania: messages.required,
    });
  });

  it('refuses NUL, the other C0 control characters and DEL inside any text field', () => {
    const lineBreaksAndTab = ['\t', '\n', '\r'];
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
      '\u007f',
    ].filter((control) => !lineBreaksAndTab.includes(control));
    for (const control of controls) {
      for (const field of ['nome_completo', 'email', 'nome_compania', 'whatsapp'] as const) {
        const value =
          field === 'email' ? `ma${control}ria@exemplo.com` : `${valid[field]}${control}1`;
        expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: messages.notText });
      }
      expect(errorsFor({ ...valid, website: `a${control}b` })).toEqual({
        website: messages.notText,
      });
    }
    // A trailing tab or newline from a paste is trimmed away, not refused.
    expect(errorsFor({ ...valid, nome_completo: 'Maria da Silva\r\n' })).toEqual({});
    // Inside a field, a tab or line break (two spreadsheet cells pasted at once) is one space;
    // the honeypot, which no person fills, still refuses them.
    const pasted = newRegistrationSchema.parse({ ...valid, nome_completo: 'Maria\t\tda\r\nSilva' });
    expect(pasted.nome_completo).toBe('Maria da Silva');
    expect(errorsFor({ ...valid, email: 'ma\tria@exemplo.com' })).toEqual({
      email: messages.invalidEmail,
    });
    expect(errorsFor({ ...valid, website: 'a\tb' })).toEqual({ website: messages.notText });
    // Other Unicode, spaces of every kind included, stays text.
    expect(errorsFor({ ...valid, nome_completo: 'Zoë Ñandú 中文 \u00a0\u2028 x' })).toEqual({});
  });

  describe('length limits', () => {
    it('allows 200 characters for name and company, and refuses 201', () => {
      expect(fieldLimits.nome_completo).toBe(200);
      expect(fieldLimits.nome_compania).toBe(200);
      expect(errorsFor({ ...valid, nome_completo: 'a'.repeat(200) })).toEqual({});
      expect(errorsFor({ ...valid, nome_compania: 'ç'.repeat(200) })).toEqual({});
      expect(
        errorsFor({ ...valid, nome_completo: 'a'.repeat(201), nome_compania: 'b'.repeat(201) }),
      ).toEqual({
        nome_completo: 'Use no máximo 200 caracteres.',
        nome_compania: 'Use no máximo 200 caracteres.',
      });
    });

    it('counts the length after trimming', () => {
      expect(errorsFor({ ...valid, nome_completo: `  ${'a'.repeat(200)}  ` })).toEqual({});
    });

    it('refuses a WhatsApp field longer than 32 characters', () => {
      expect(errorsFor({ ...valid, whatsapp: '5'.repeat(33) })).toEqual({
        whatsapp: 'Use no máximo 32 caracteres.',
      });
    });

    it('limits the hidden field too', () => {
      expect(errorsFor({ ...valid, website: 'x'.repeat(201) })).toHaveProperty('website');
    });
  });

  describe('e-mail follows the HTML type=email rule (WHATWG) and 254 characters', () => {
    const accepted = [
      'maria@exemplo.com',
      'Maria.Silva@Exemplo.COM.br',
      'maria+eventos@exemplo.com',
      "o'reilly@exemplo.com",
      "!#$%&'*+/=?^_`{|}~-@exemplo.com",
      '.maria.@exemplo.com', // WHATWG allows dots anywhere in the local part
      'maria@localhost', // and a domain without a dot
      'maria@a-b.c-d.com',
      '1@2.3',
      `maria@${'a'.repeat(63)}.com`,
    ];
    const refused = [
      'maria',
      'maria@',
      '@exemplo.com',
      'maria@@exemplo.com',
      'maria silva@exemplo.com',
      'maria@exemplo com',
      'maria@exemplo..com',
      'maria@.exemplo.com',
      'maria@exemplo.com.',
      'maria@-exemplo.com',
      'maria@exemplo-.com',
      'maria@exem_plo.com',
      '"maria"@exemplo.com',
      'maria@[127.0.0.1]',
      'joão@exemplo.com',
      'maria@exemplo.com.bŕ',
      'maria@exemplo.com,joao@exemplo.com',
      'maria(comentário)@exemplo.com',
      `maria@${'a'.repeat(64)}.com`, // a label has at most 63 characters
    ];

    it.each(accepted)('accepts %s', (email) => {
      expect(isValidEmail(email)).toBe(true);
      expect(errorsFor({ ...valid, email })).toEqual({});
    });

    it.each(refused)('refuses %s', (email) => {
      expect(isValidEmail(email)).toBe(false);
      expect(errorsFor({ ...valid, email })).toEqual({
        email: 'Informe um e-mail válido, como nome@exemplo.com.',
      });
    });

    it('accepts 254 characters and refuses 255', () => {
      const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
      const at254 = `${'m'.repeat(254 - domain.length - 1)}@${domain}`;
      const at255 = `m${at254}`;
      expect(at254).toHaveLength(254);
      expect(isValidEmail(at254)).toBe(true);
      expect(errorsFor({ ...valid, email: at254 })).toEqual({});
      expect(isValidEmail(at255)).toBe(false);
      expect(errorsFor({ ...valid, email: at255 })).toEqual({
        email: 'Use no máximo 254 caracteres.',
      });
    });
  });

  describe('WhatsApp becomes E.164', () => {
    it.each([
      ['(508) 555-1234', '+15085551234'],
      ['508-555-1234', '+15085551234'],
      ['508.555.1234', '+15085551234'],
      ['+1 508 555 1234', '+15085551234'],
      ['1 (508) 555-1234', '+15085551234'],
      ['+55 11 91234-5678', '+5511912345678'],
      ['+55 (21) 98765-4321', '+5521987654321'],
      ['+55 11 3456-7890', '+551134567890'],
    ])('%s is stored as %s', (input, e164) => {
      expect(newRegistrationSchema.parse({ ...valid, whatsapp: input }).whatsapp).toBe(e164);
    });

    it('reads a number without a country code as a US number', () => {
      expect(toE164('5085551234', 'US')).toBe('+15085551234');
      expect(toE164('11 91234-5678', 'BR')).toBe('+5511912345678');
    });

    it.each([
      '123',
      '555-1234',
      '+1 000 555 1234',
      '+55 11 1234',
      'abc',
      '+99 1234567890',
      // A Brazilian mobile without its DDD, and an area code that does not exist.
      '+55 91234-5678',
      '+55 50 8555-1234',
    ])('refuses %s', (whatsapp) => {
      expect(errorsFor({ ...valid, whatsapp })).toEqual({
        whatsapp: 'Informe um número de WhatsApp válido para o país escolhido, com DDD.',
      });
    });
  });

  describe('the two radio questions', () => {
    it('accept the spec values', () => {
      for (const levar_alguem of ['sim', 'nao']) {
        for (const confirmacao of ['ok', 'agenda']) {
          expect(
            newRegistrationSchema.parse({ ...valid, levar_alguem, confirmacao }),
          ).toMatchObject({
            levar_alguem,
            confirmacao,
          });
        }
      }
    });

    it('are optional: missing, empty or null is stored as null', () => {
      const { levar_alguem: _l, confirmacao: _c, ...withoutChoices } = valid;
      expect(newRegistrationSchema.parse(withoutChoices)).toMatchObject({
        levar_alguem: null,
        confirmacao: null,
      });
      expect(
        newRegistrationSchema.parse({ ...valid, levar_alguem: '', confirmacao: null }),
      ).toMatchObject({ levar_alguem: null, confirmacao: null });
    });

    it('refuse anything else', () => {
      expect(errorsFor({ ...valid, levar_alguem: 'talvez', confirmacao: 'OK' })).toEqual({
        levar_alguem: 'Escolha uma das opções.',
        confirmacao: 'Escolha uma das opções.',
      });
      expect(errorsFor({ ...valid, levar_alguem: true, confirmacao: 1 })).toEqual({
        levar_alguem: messages.invalidChoice,
        confirmacao: messages.invalidChoice,
      });
    });
  });

  describe('unknown fields', () => {
    it('are refused by name, so the client cannot set the status or the id', () => {
      expect(errorsFor({ ...valid, status: 'confirmed', id: 'x', __proto__x: 1 })).toEqual({
        status: 'Campo desconhecido.',
        id: 'Campo desconhecido.',
        __proto__x: 'Campo desconhecido.',
      });
    });
  });

  it('accepts the hidden field so the route can recognise a bot', () => {
    expect(newRegistrationSchema.parse({ ...valid, website: 'http://spam.example' })).toMatchObject(
      {
        website: 'http://spam.example',
      },
    );
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'texto', 42, [valid], true]) {
      expect(newRegistrationSchema.safeParse(body).success).toBe(false);
    }
  });
});
