import { describe, expect, it } from 'vitest';
import { formatInternational, toE164 } from './phone.ts';

describe('toE164', () => {
  it('reads a national number in the chosen country', () => {
    expect(toE164('(508) 555-1234', 'US')).toBe('+15085551234');
    expect(toE164('(11) 91234-5678', 'BR')).toBe('+5511912345678');
  });

  it('lets a number with its own + code override the chosen country', () => {
    expect(toE164('+55 21 98765-4321', 'US')).toBe('+5521987654321');
  });

  it('refuses numbers no phone could have', () => {
    expect(toE164('91234-5678', 'BR')).toBeNull();
    expect(toE164('123', 'US')).toBeNull();
    expect(toE164('', 'US')).toBeNull();
  });
});

describe('formatInternational', () => {
  it('shows the stored E.164 number in the international format', () => {
    expect(formatInternational('+15085551234')).toBe('+1 508 555 1234');
    expect(formatInternational('+5511912345678')).toBe('+55 11 91234 5678');
  });

  it('shows text that is not a phone number as it is', () => {
    expect(formatInternational('<img src=x>')).toBe('<img src=x>');
  });
});
