import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  passwordProblem,
  unusableHash,
  verifyPassword,
  WeakPasswordError,
} from './password.ts';

/** Fails unless `hash` is scrypt with N = 2^17, r = 8, p = 1, a 16-byte salt and a 64-byte key. */
function expectOurScrypt(hash: string) {
  const match = /^\$scrypt\$ln=17,r=8,p=1\$([\w-]+)\$([\w-]+)$/.exec(hash);
  expect(match).not.toBeNull();
  expect(Buffer.from(match![1]!, 'base64url')).toHaveLength(16);
  expect(Buffer.from(match![2]!, 'base64url')).toHaveLength(64);
}

describe('hashPassword', () => {
  it('writes scrypt with N = 2^17, r = 8, p = 1, a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('uma senha bem comprida');
    expectOurScrypt(hash);
    expect(hash).not.toContain('uma senha');
  });

  it('salts every hash differently', async () => {
    const [a, b] = await Promise.all([
      hashPassword('the same password'),
      hashPassword('the same password'),
    ]);
    expect(a).not.toBe(b);
    expect(a.split('$')[3]).not.toBe(b.split('$')[3]);
  });

  it('refuses passwords shorter than 12 characters', async () => {
    await expect(hashPassword('onze-chars!')).rejects.toBeInstanceOf(WeakPasswordError);
    await expect(hashPassword('')).rejects.toBeInstanceOf(WeakPasswordError);
    // Twelve characters, though fewer bytes would not do: characters count, not UTF-16 units.
    expect(passwordProblem('😀'.repeat(11))).toBeDefined();
    expect(passwordProblem('doze-chars!!')).toBeUndefined();
    expect(passwordProblem('x'.repeat(1025))).toBeDefined();
  });
});

describe('verifyPassword', () => {
  it('accepts the password and refuses any other', async () => {
    const hash = await hashPassword('Correct Horse Battery');
    expect(await verifyPassword('Correct Horse Battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery', hash)).toBe(false);
    expect(await verifyPassword('Correct Horse Battery ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats the same text in another Unicode form as the same password', async () => {
    const hash = await hashPassword('Conceição-segura');
    expect(await verifyPassword('Conceic\u0327a\u0303o-segura', hash)).toBe(true);
  });

  it('gives the stand-in hash the parameters of a real one: checking it costs a full scrypt run', () => {
    // What keeps a login for an unknown e-mail as slow as one with a wrong password (the route
    // checks the password against this hash); bench/login-timing.ts measures the two.
    expectOurScrypt(unusableHash);
  });

  it('refuses everything against the stand-in hash and against unreadable hashes', async () => {
    expect(await verifyPassword('anything at all', unusableHash)).toBe(false);
    expect(await verifyPassword('anything at all', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything at all', '$scrypt$ln=40,r=8,p=1$AAAA$AAAA')).toBe(false);
  });
});
