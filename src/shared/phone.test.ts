import { describe, expect, it } from 'vitest';
import { formatPhone, toE164 } from './phone.ts';

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

describe('formatPhone', () => {
  it('writes a number of the event’s phone country the way that country does', () => {
    expect(formatPhone('+5581998765432', 'BR')).toBe('(81) 99876-5432');
    expect(formatPhone('+551133334444', 'BR')).toBe('(11) 3333-4444');
    expect(formatPhone('+12135550100', 'US')).toBe('(213) 555-0100');
  });

  it('writes any other number in international form, as it is dialled from there', () => {
    expect(formatPhone('+12135550100', 'BR')).toBe('+1 213 555 0100');
    expect(formatPhone('+5581998765432', 'US')).toBe('+55 81 99876 5432');
    // Canada shares +1 with the United States, but is another country.
    expect(formatPhone('+14165550100', 'US')).toBe('+1 416 555 0100');
  });

  it('shows text that is not a phone number as it is', () => {
    expect(formatPhone('<img src=x>', 'BR')).toBe('<img src=x>');
  });
});
