import { describe, expect, it } from 'vitest';
import { defaultEvent } from '@shared/event.ts';
import { clashes, followVersion } from './save-version.ts';
import { formValues } from './settings-form-values.ts';

const start = { version: '"e.1"', behind: false };

describe('the version a save from the Evento form names', () => {
  it('moves on with a save heard from elsewhere that touched no field typed here', () => {
    const typed = { ...formValues(defaultEvent), city: 'Recife' };
    const after = { settings: { ...defaultEvent, venue: 'Teatro' }, version: '"e.2"' };
    expect(clashes(typed, defaultEvent, after.settings)).toBe(false);
    expect(followVersion(start, typed, defaultEvent, after)).toEqual({
      version: '"e.2"',
      behind: false,
    });
  });

  it('stays behind, for good, when that save changed a field typed here', () => {
    const typed = { ...formValues(defaultEvent), name: 'Meu nome' };
    const other = { ...defaultEvent, name: 'O nome da outra pessoa' };
    expect(clashes(typed, defaultEvent, other)).toBe(true);
    const behind = followVersion(start, typed, defaultEvent, { settings: other, version: '"e.2"' });
    expect(behind).toEqual({ version: '"e.1"', behind: true });
    // A later save that touches nothing typed here does not make up for it.
    const later = { settings: { ...other, venue: 'Teatro' }, version: '"e.3"' };
    expect(followVersion(behind, typed, other, later)).toBe(behind);
  });

  it('takes a save that stored the very value typed here as no clash', () => {
    const typed = { ...formValues(defaultEvent), name: 'O mesmo' };
    expect(clashes(typed, defaultEvent, { ...defaultEvent, name: 'O mesmo' })).toBe(false);
  });
});
