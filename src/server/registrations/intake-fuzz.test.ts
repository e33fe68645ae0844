// Property-based: thousands of invalid bodies thrown at the real HTTP server. None may get a
// 5xx, every answer is the API's pt-BR error shape, and none may leave a row behind. Strings
// range over all of Unicode, control characters and half surrogate pairs included; a slice runs
// against PostgreSQL too, which fails on a NUL where SQLite would store it.
import { isUtf8 } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import {
  confirmacaoOptions,
  levarAlguemOptions,
  registrationFormFields,
  requiredFormFields,
} from '../../shared/registration.fields.ts';
import { fieldLimits, honeypotField, messages } from '../../shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import {
  countRegistrations,
  loggedChanges,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';

const testTimeout = 120_000;

let server: TestServer;
let requestsSent = 0;

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION_RATE_LIMIT: '0' });
});
afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  body: unknown;
}

async function post(
  body: Buffer | Uint8Array,
  headers: Record<string, string>,
  target: TestServer = server,
): Promise<Answer> {
  requestsSent += 1;
  const response = await fetch(`${target.url}/api/registrations`, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the shape check below fails with the text in view.
  }
  return { status: response.status, body: parsed };
}

function postJson(text: string | Buffer | Uint8Array, target?: TestServer): Promise<Answer> {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return post(body, { 'content-type': 'application/json' }, target);
}

const topMessages = new Set<string>(Object.values(apiErrors));
const fieldMessages = new Set<string>(
  Object.values(messages).flatMap((m) => (typeof m === 'string' ? [m] : [])),
);

/** A 4xx in the error shape of PRODUCT.md, with pt-BR messages we wrote. */
function expectRefusal(answer: Answer, status?: number): Record<string, string> {
  if (status === undefined) {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  } else {
    expect(answer.status).toBe(status);
  }
  const body = answer.body as { error?: Record<string, unknown> };
  expect(Object.keys(body ?? {})).toEqual(['error']);
  const { code, message, fields, ...rest } = body.error ?? {};
  expect(rest).toEqual({});
  expect(typeof code).toBe('string');
  expect(topMessages.has(message as string)).toBe(true);
  if (fields === undefined) return {};
  expect(typeof fields).toBe('object');
  for (const [key, text] of Object.entries(fields as Record<string, unknown>)) {
    expect(typeof key).toBe('string');
    expect(
      fieldMessages.has(text as string) || /^Use no máximo \d+ caracteres\.$/.test(text as string),
    ).toBe(true);
  }
  return fields as Record<string, string>;
}

async function expectNothingStored() {
  expect(await countRegistrations(server)).toBe(0);
  expect(await loggedChanges(server)).toEqual([]);
}

/** A body the API would accept; each property breaks it in its own way. */
function validBody(): Record<string, unknown> {
  return validRegistration({ nome_completo: 'João Conceição', whatsapp: '+55 11 91234-5678' });
}

const textFields = requiredFormFields;
const allFields = [...registrationFormFields, honeypotField] as const;
type Field = (typeof allFields)[number];

/**
 * C0 control characters (NUL first among them) and DEL, but for tab, line feed and carriage
 * return, which a text field turns into a space (a paste of two spreadsheet cells).
 */
const controlCharacter = fc
  .oneof(fc.constant(0), fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f))
  .filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d)
  .map((code) => String.fromCharCode(code));
/** Half of a UTF-16 surrogate pair: JSON can carry it as an escape, but it is not text. */
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
/**
 * One unit of text from anywhere in Unicode: any code point (U+0000 to U+10FFFF), a printable
 * grapheme of several code points, and, weighted up so that every run meets them, control
 * characters and half surrogate pairs.
 */
const anyUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: controlCharacter },
  { weight: 1, arbitrary: loneSurrogate },
);
function anyString(constraints: { minLength?: number; maxLength?: number } = {}) {
  return fc.string({ unit: anyUnit, ...constraints });
}
const anyJson = (maxDepth: number) => fc.jsonValue({ maxDepth, stringUnit: anyUnit });

/** JSON values that are never a string (nor null, nor absent, which some fields allow). */
const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(anyString(), { maxLength: 4 }),
  fc.dictionary(anyString({ maxLength: 8 }), anyJson(2), { maxKeys: 4 }),
);

/** A value of the wrong type for this field: a radio answer that is not one, text that is not text. */
function wrongValueFor(field: Field): fc.Arbitrary<unknown> {
  if (field === 'levar_alguem' || field === 'confirmacao') {
    const allowed = ['', ...(field === 'levar_alguem' ? levarAlguemOptions : confirmacaoOptions)];
    return fc.oneof(
      notAString,
      anyString({ maxLength: 20 }).filter((s) => !allowed.includes(s)),
    );
  }
  if (field === 'website') return fc.oneof(notAString, fc.constant(null));
  return fc.oneof(notAString, fc.constant(null));
}

const textLimits: Record<(typeof textFields)[number] | 'website', number> = {
  ...fieldLimits,
  website: 200,
};

/** A valid body but for one text field, which holds a control character or half a pair. */
const notTextInAField = fc
  .record({
    field: fc.constantFrom(...textFields, 'website' as const),
    before: anyString({ maxLength: 12 }),
    bad: fc.oneof(controlCharacter, loneSurrogate),
    after: anyString({ maxLength: 12 }),
  })
  // Between two letters, so that trimming cannot take the bad character away.
  .map(({ field, before, bad, after }) => ({ field, value: `${before}x${bad}x${after}` }));

describe('POST /api/registrations never breaks on bad input', () => {
  it('refuses arbitrary JSON values', { timeout: testTimeout }, async () => {
    await fc.assert(
      fc.asyncProperty(anyJson(5), async (value) => {
        expectRefusal(await postJson(JSON.stringify(value)));
      }),
      { numRuns: 400 },
    );
    await expectNothingStored();
  });

  it(
    'refuses the right keys with wrong types, naming the broken field',
    { timeout: testTimeout },
    async () => {
      const body = fc
        .constantFrom(...allFields)
        .chain((broken) =>
          fc.record({
            broken: fc.constant(broken),
            value: wrongValueFor(broken),
            // The other fields: kept, dropped, or broken too.
            others: fc.record(
              Object.fromEntries(
                allFields.map((f) => [
                  f,
                  fc.oneof(fc.constant('keep'), fc.constant('drop'), wrongValueFor(f)),
                ]),
              ) as Record<Field, fc.Arbitrary<unknown>>,
            ),
          }),
        )
        .map(({ broken, value, others }) => {
          const result: Record<string, unknown> = validBody();
          for (const [field, choice] of Object.entries(others)) {
            if (choice === 'drop') delete result[field];
            else if (choice !== 'keep') result[field] = choice;
          }
          result[broken] = value;
          return { broken, result };
        });
      await fc.assert(
        fc.asyncProperty(body, async ({ broken, result }) => {
          const text = JSON.stringify(result);
          const fields = expectRefusal(await postJson(text), 400);
          // A "__proto__" key anywhere, or a "constructor" holding "prototype" (the generated
          // wrong values may hold one), refuses the whole body before any field is read: the
          // JSON parser's guard against prototype poisoning.
          if (/"__proto__":|"constructor":\{[^}]*"prototype":/.test(text)) return;
          expect(fields).toHaveProperty(broken);
        }),
        { numRuns: 400 },
      );
      await expectNothingStored();
    },
  );

  it(
    'refuses strings just over each limit and far beyond it',
    { timeout: testTimeout },
    async () => {
      const limits: Record<Field, number> = {
        ...fieldLimits,
        levar_alguem: 0,
        confirmacao: 0,
        website: 200,
      };
      const limited = ['nome_completo', 'nome_compania', 'email', 'whatsapp', 'website'] as const;
      // Characters that trimming never removes, in one and two UTF-16 units.
      const unit = fc.constantFrom('a', 'Z', '9', 'ç', 'ã', 'É', '-', '.', '@', '😀', '中');
      const overLimit = fc.constantFrom(...limited).chain((field) =>
        fc.record({
          field: fc.constant(field),
          value: fc
            .oneof(
              fc.integer({ min: 1, max: 8 }),
              fc.integer({ min: 9, max: 400 }),
              fc.integer({ min: 401, max: 4_000 }),
            )
            .chain((extra) =>
              fc.string({
                unit,
                minLength: limits[field] + extra,
                maxLength: limits[field] + extra,
              }),
            ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(overLimit, async ({ field, value }) => {
          const answer = await postJson(JSON.stringify({ ...validBody(), [field]: value }));
          const bytes = Buffer.byteLength(JSON.stringify({ ...validBody(), [field]: value }));
          if (bytes > 16 * 1024) {
            expectRefusal(answer, 413);
            return;
          }
          const fields = expectRefusal(answer, 400);
          expect(Object.keys(fields)).toEqual([field]);
          if (field !== 'website') expect(fields[field]).toBe(messages.tooLong(limits[field]));
        }),
        { numRuns: 300 },
      );
      await expectNothingStored();
    },
  );

  it('refuses huge bodies of 100 KB and more with 413', { timeout: testTimeout }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...allFields, 'extra'),
        fc.integer({ min: 100 * 1024, max: 1024 * 1024 }),
        fc.constantFrom('a', 'ç', '😀', ' '),
        async (field, length, char) => {
          const value = char.repeat(Math.ceil(length / char.length));
          const answer = await postJson(JSON.stringify({ ...validBody(), [field]: value }));
          expectRefusal(answer, 413);
          expect((answer.body as { error: { code: string } }).error.code).toBe('body_too_large');
        },
      ),
      { numRuns: 40 },
    );
    await expectNothingStored();
  });

  it('refuses bodies that are not valid UTF-8', { timeout: testTimeout }, async () => {
    const invalidSequences = [
      [0xff],
      [0xfe],
      [0x80], // a continuation byte alone
      [0xbf, 0xbf],
      [0xc0, 0xaf], // overlong '/'
      [0xc1, 0xbf],
      [0xe0, 0x80, 0xaf], // overlong
      [0xed, 0xa0, 0x80], // a UTF-16 surrogate encoded in UTF-8
      [0xed, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
      [0xf8, 0x88, 0x80, 0x80, 0x80], // five-byte form
      [0xc3], // truncated 'ã'
      [0xe2, 0x82], // truncated '€'
      [0xc3, 0x28], // a lead byte without its continuation
      [0xf0, 0x9f, 0x98], // truncated emoji
    ].map((bytes) => Buffer.from(bytes));
    const marker = 'QQMARKERQQ';
    const spliced = fc
      .record({
        field: fc.constantFrom(...allFields),
        bad: fc.array(fc.constantFrom(...invalidSequences), { minLength: 1, maxLength: 3 }),
        before: anyString({ maxLength: 10 }),
        after: anyString({ maxLength: 10 }),
      })
      .map(({ field, bad, before, after }) => {
        const body = validBody();
        const original = typeof body[field] === 'string' ? (body[field] as string) : '';
        body[field] = `${before}${original}${marker}${after}`;
        const text = Buffer.from(JSON.stringify(body), 'utf8');
        const at = text.indexOf(marker);
        return Buffer.concat([
          text.subarray(0, at),
          ...bad,
          text.subarray(at + Buffer.byteLength(marker)),
        ]);
      })
      // Two broken pieces can make a whole character ([0xe2, 0x82] + [0x80] is '€').
      .filter((bytes) => !isUtf8(bytes));
    await fc.assert(
      fc.asyncProperty(spliced, async (bytes) => {
        const answer = await postJson(bytes);
        expectRefusal(answer, 400);
        expect((answer.body as { error: { message: string } }).error.message).toBe(
          apiErrors.badJson,
        );
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2048 }), async (bytes) => {
        expectRefusal(await postJson(bytes));
      }),
      { numRuns: 150 },
    );
    // The same registration in other encodings, or compressed, is not UTF-8 JSON either.
    const json = JSON.stringify(validBody());
    for (const bytes of [
      Buffer.from(json, 'utf16le'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]),
      Buffer.from(json, 'latin1'),
      gzipSync(json),
    ]) {
      expectRefusal(await postJson(bytes), 400);
    }
    expectRefusal(
      await post(gzipSync(json), {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      }),
    );
    // Half a surrogate pair written as a JSON escape is valid UTF-8 but not text.
    const fields = expectRefusal(
      await postJson(JSON.stringify(validBody()).replace('Conceição', 'Concei\\ud800ção')),
      400,
    );
    expect(fields).toEqual({ nome_completo: messages.notText });
    await expectNothingStored();
  });

  it(
    'refuses nested objects and arrays, shallow or thousands of levels deep',
    { timeout: testTimeout },
    async () => {
      const nested = fc.letrec((tie) => ({
        node: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          anyJson(1),
          fc.array(tie('node'), { maxLength: 3 }),
          fc.dictionary(anyString({ maxLength: 6 }), tie('node'), { maxKeys: 3 }),
        ),
      })).node;
      const inField = fc
        .record({
          field: fc.constantFrom(...allFields),
          value: nested.filter((v) => typeof v === 'object' && v !== null),
        })
        .map(({ field, value }) => JSON.stringify({ ...validBody(), [field]: value }));
      const asExtraKey = fc
        .record({ key: anyString({ minLength: 1, maxLength: 12 }), value: nested })
        .filter(({ key }) => !(allFields as readonly string[]).includes(key))
        .map(({ key, value }) => JSON.stringify({ ...validBody(), [key]: value }));
      const deep = fc
        .record({
          depth: fc.integer({ min: 100, max: 8_000 }),
          open: fc.constantFrom('[', '{"a":'),
          field: fc.option(fc.constantFrom(...allFields), { nil: undefined }),
        })
        .map(({ depth, open, field }) => {
          const close = open === '[' ? ']' : '}';
          const value = `${open.repeat(depth)}1${close.repeat(depth)}`;
          if (!field) return value;
          const body = JSON.stringify({ ...validBody(), [field]: 0 });
          return body.replace(`"${field}":0`, `"${field}":${value}`);
        });
      await fc.assert(
        fc.asyncProperty(fc.oneof(inField, asExtraKey, deep), async (text) => {
          const answer = await postJson(text);
          if (Buffer.byteLength(text) > 16 * 1024) expectRefusal(answer, 413);
          else expectRefusal(answer, 400);
        }),
        { numRuns: 300 },
      );
      await expectNothingStored();
    },
  );

  it(
    'refuses a valid registration sent with any other content type',
    { timeout: testTimeout },
    async () => {
      const contentType = fc.oneof(
        fc.constantFrom(
          'text/plain',
          'text/plain; charset=utf-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=----fuzz',
          'application/xml',
          'text/xml',
          'text/html',
          'text/json',
          'text/javascript',
          'application/javascript',
          'application/octet-stream',
          'application/json-patch+json',
          'application/ld+json',
          'application/vnd.api+json',
          'application/jsonp',
          'application/x-json',
          'image/png',
          'json',
          'application',
          '*/*',
          ';',
          '',
        ),
        fc
          .stringMatching(/^[a-z]{1,12}\/[a-z0-9.+-]{1,20}$/)
          .filter((type) => type !== 'application/json'),
      );
      await fc.assert(
        fc.asyncProperty(contentType, async (type) => {
          const headers: Record<string, string> = type === '' ? {} : { 'content-type': type };
          expectRefusal(await post(Buffer.from(JSON.stringify(validBody())), headers));
        }),
        { numRuns: 250 },
      );
      await expectNothingStored();
    },
  );

  it('refuses broken JSON text', { timeout: testTimeout }, async () => {
    const isBroken = (text: string) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    };
    const mutated = fc
      .record({
        cut: fc.nat(),
        insert: fc.constantFrom(
          '',
          '"',
          ',',
          '{',
          '}',
          '[',
          ']',
          ':',
          '\\',
          'x',
          'undefined',
          "'",
          '\n',
        ),
        drop: fc.integer({ min: 0, max: 3 }),
      })
      .map(({ cut, insert, drop }) => {
        const text = JSON.stringify(validBody());
        const at = cut % (text.length + 1);
        return text.slice(0, at) + insert + text.slice(at + drop);
      });
    const truncated = fc.nat().map((n) => {
      const text = JSON.stringify(validBody());
      return text.slice(0, n % text.length);
    });
    const textLike = fc.oneof(
      anyString({ maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{"nome_completo":',
        "{'nome_completo':'Maria'}",
        '{nome_completo: "Maria"}',
        '{"a":1,}',
        '[1,2',
        'NaN',
        'undefined',
        '{"a":01}',
        '{"a":"\\x41"}',
        '{"a":"unterminated}',
        '\u0000',
        ' ',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutated, truncated, textLike).filter(isBroken), async (text) => {
        const answer = await postJson(text);
        expectRefusal(answer, 400);
        expect((answer.body as { error: { message: string } }).error.message).toBe(
          apiErrors.badJson,
        );
      }),
      { numRuns: 400 },
    );
    await expectNothingStored();
  });

  it(
    'refuses NUL, any control character or half a surrogate pair in a text field, naming it',
    { timeout: testTimeout },
    async () => {
      await fc.assert(
        fc.asyncProperty(notTextInAField, async ({ field, value }) => {
          const answer = await postJson(JSON.stringify({ ...validBody(), [field]: value }));
          const fields = expectRefusal(answer, 400);
          expect(Object.keys(fields)).toEqual([field]);
          // The honeypot is not trimmed; the other fields are (a tab or line break inside
          // becoming one space), and their length (in code points, as zod counts) is measured
          // after.
          const text = field === 'website' ? value : value.trim().replace(/[\t\r\n]+/g, ' ');
          const limit = textLimits[field];
          expect(fields[field]).toBe(
            [...text].length > limit ? messages.tooLong(limit) : messages.notText,
          );
        }),
        { numRuns: 300 },
      );
      await expectNothingStored();
    },
  );

  it('wrote no row and announced nothing for any of the bodies above', () => {
    expect(requestsSent).toBeGreaterThanOrEqual(2_000);
    return expectNothingStored();
  });

  it('still registers a valid body afterwards: the refusals were not the server giving up', async () => {
    const answer = await postJson(JSON.stringify(validBody()));
    expect(answer.status).toBe(201);
    expect(await countRegistrations(server)).toBe(1);
  });
});

describe('on PostgreSQL, which fails on a NUL in text where SQLite would store it', () => {
  let database: TempPostgres;
  let postgres: TestServer;
  beforeAll(async () => {
    database = await createTempPostgres();
    postgres = await startTestServer({ DATABASE_URL: database.url, REGISTRATION_RATE_LIMIT: '0' });
  });
  afterAll(async () => {
    await postgres?.close();
    await database?.drop();
  });

  it(
    'answers every kind of bad body with a 4xx in the error shape, never a 5xx, and stores nothing',
    { timeout: testTimeout },
    async () => {
      const body = fc.oneof(
        notTextInAField.map(({ field, value }) =>
          JSON.stringify({ ...validBody(), [field]: value }),
        ),
        anyJson(4).map((value) => JSON.stringify(value)),
        fc
          .record({ field: fc.constantFrom(...allFields), value: anyJson(2) })
          .filter(({ value }) => typeof value !== 'string' && value !== null)
          .map(({ field, value }) => JSON.stringify({ ...validBody(), [field]: value })),
        fc
          .record({ key: anyString({ minLength: 1, maxLength: 12 }), value: anyJson(1) })
          .filter(({ key }) => !(allFields as readonly string[]).includes(key))
          .map(({ key, value }) => JSON.stringify({ ...validBody(), [key]: value })),
        anyString({ maxLength: 200 }),
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (text) => {
          expectRefusal(await postJson(text, postgres));
        }),
        { numRuns: 400 },
      );
      expect(await countRegistrations(postgres)).toBe(0);
      expect(await loggedChanges(postgres)).toEqual([]);
    },
  );
});
