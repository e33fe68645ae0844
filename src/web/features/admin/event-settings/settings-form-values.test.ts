import { describe, expect, it } from 'vitest';
import { eventSettingsFields, eventSettingsSchema } from '@shared/event-settings.schema.ts';
import { defaultEvent } from '@shared/event.ts';
import {
  differs,
  followSaved,
  formValues,
  mergeSaved,
  placeErrors,
  settingsBody,
  typedSince,
} from './settings-form-values.ts';

describe('the Evento form’s values', () => {
  it('sends back exactly the settings it was given when nothing was typed', () => {
    const body = settingsBody(formValues(defaultEvent));
    expect(body).toEqual(defaultEvent);
    expect(eventSettingsSchema.parse(body)).toEqual(defaultEvent);
    expect(differs(formValues(defaultEvent), defaultEvent)).toBe(false);
  });

  it('sends numbers as numbers, and anything else so that the schema names the field', () => {
    const values = { ...formValues(defaultEvent), durationMinutes: ' 90 ', retentionDays: '' };
    expect(settingsBody(values)).toMatchObject({ durationMinutes: 90 });
    expect(settingsBody(values)).not.toHaveProperty('retentionDays');
    const refused = eventSettingsSchema.safeParse(
      settingsBody({ ...values, durationMinutes: '1,5' }),
    );
    expect(refused.success).toBe(false);
    const fields = refused.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['durationMinutes', 'retentionDays']));
    expect(differs(values, defaultEvent)).toBe(true);
  });

  it('sends an empty capacity as null (no limit), and a number as a number', () => {
    const values = formValues(defaultEvent);
    expect(values.capacity).toBe('');
    expect(settingsBody(values)).toMatchObject({ capacity: null, admission: 'approval' });
    const limited = settingsBody({ ...values, capacity: '50', admission: 'automatic' });
    expect(eventSettingsSchema.parse(limited)).toMatchObject({
      capacity: 50,
      admission: 'automatic',
    });
  });

  it('puts the errors of known fields on them, and any other under the form', () => {
    expect(
      placeErrors(
        { venue: 'Campo obrigatório.', lugares: 'Campo desconhecido.' },
        eventSettingsFields,
      ),
    ).toEqual({ venue: 'Campo obrigatório.', form: 'Campo desconhecido.' });
  });

  it('follows settings saved elsewhere in the fields not edited, and keeps what was typed', () => {
    const saved = { ...defaultEvent, venue: 'Galpão Novo', name: 'Outro Nome' };
    const typing = { ...formValues(defaultEvent), name: 'Meu Nome', tagline: 'Nova chamada' };
    const followed = followSaved(typing, defaultEvent, saved);
    expect(followed).toEqual({ ...typing, venue: 'Galpão Novo' });
    // Nothing typed: the form is the saved settings, with nothing unsaved.
    const untouched = followSaved(formValues(defaultEvent), defaultEvent, saved);
    expect(differs(untouched, saved)).toBe(false);
  });
});

describe('what the Evento form saves over settings saved elsewhere meanwhile', () => {
  it('keeps the fields typed, and takes the fresh value of every other', () => {
    const base = defaultEvent;
    const typed = { ...base, tagline: 'Digitada aqui', capacity: 50 };
    const fresh = { ...base, venue: 'Salva em outra tela', capacity: 80, tagline: 'Outra' };
    expect(mergeSaved(typed, base, fresh)).toEqual({
      ...fresh,
      tagline: 'Digitada aqui',
      capacity: 50,
    });
    expect(mergeSaved(typed, base, base)).toEqual(typed);
  });
});

describe('the Evento form once its save answers', () => {
  it('shows what was saved where nothing was typed since, and keeps what was typed meanwhile', () => {
    const sent = { ...formValues(defaultEvent), venue: '  Local Enviado ' };
    const saved = { ...formValues(defaultEvent), venue: 'Local Enviado' };
    const current = { ...sent, city: 'Cidade Digitada Durante' };
    expect(typedSince(current, sent, saved)).toEqual({
      ...saved,
      city: 'Cidade Digitada Durante',
    });
  });
});
