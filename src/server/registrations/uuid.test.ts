import { describe, expect, it } from 'vitest';
import { isUuid, newRegistrationId } from './uuid.ts';

describe('newRegistrationId', () => {
  it('increases in the order the ids are made, within one millisecond too (the waiting list’s order)', () => {
    const ids = Array.from({ length: 2_000 }, () => newRegistrationId());
    expect(ids.every(isUuid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
