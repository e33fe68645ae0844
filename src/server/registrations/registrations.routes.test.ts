import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { validRegistration } from '#test/builders/registrations.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('POST /api/registrations', () => {
  it('stores a registration, trimmed, pending, with a UUID and a server timestamp', async () => {
    const before = Date.now();
    const body = validRegistration({
      nome_completo: '  João Conceição  ',
      whatsapp: '(508) 555-1234',
    });
    const response = await server.request('/api/registrations', { method: 'POST', json: body });
    expect(response.status).toBe(201);
    const stored = await response.json();
    expect(stored).toMatchObject({
      nome_completo: 'João Conceição',
      whatsapp: '+15085551234',
      email: body.email,
      nome_compania: 'Construtora Horizonte',
      levar_alguem: 'sim',
      confirmacao: 'ok',
      status: 'pending',
    });
    expect(stored.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Date.parse(stored.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores a Brazilian number in E.164', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration({ whatsapp: '+55 11 91234-5678' }),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).whatsapp).toBe('+5511912345678');
  });

  it('refuses a status sent by the client: the server sets it', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      json: { ...validRegistration(), status: 'confirmed' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields.status).toBe('Campo desconhecido.');
  });

  it('accepts empty radio choices as null', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration({ levar_alguem: '', confirmacao: undefined }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ levar_alguem: null, confirmacao: null });
  });

  it('returns 400 with a pt-BR message per field when fields are missing or only spaces', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      json: { nome_completo: '   ', email: 'not-an-email', whatsapp: '123' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'validation',
        message: 'Confira os campos destacados.',
        fields: {
          nome_completo: 'Campo obrigatório.',
          whatsapp: 'Informe um número de WhatsApp válido para o país escolhido, com DDD.',
          email: 'Informe um e-mail válido, como nome@exemplo.com.',
          nome_compania: 'Campo obrigatório.',
        },
      },
    });
  });

  it('returns 400 for a radio value outside the spec', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration({ levar_alguem: 'talvez' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields.levar_alguem).toBe('Escolha uma das opções.');
  });

  it('returns 409 when the e-mail is already registered, whatever its case and spaces', async () => {
    const first = validRegistration();
    expect(
      (await server.request('/api/registrations', { method: 'POST', json: first })).status,
    ).toBe(201);
    const again = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration({ email: `  ${first.email.toUpperCase()} ` }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: {
        code: 'duplicate_email',
        message: 'Este e-mail já está inscrito.',
        fields: { email: 'Este e-mail já está inscrito.' },
      },
    });
  });

  it('returns 415 for a body that is not JSON', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nome_completo=x',
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe('unsupported_media_type');
  });

  it('returns 400 for broken JSON', async () => {
    const response = await server.request('/api/registrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"nome_completo":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Os dados enviados não são um JSON válido.');
  });
});

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
