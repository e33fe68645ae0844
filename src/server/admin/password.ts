// Admin passwords: scrypt from node:crypto, a random salt per account, compared in constant time.
// Stored as a PHC-style string: $scrypt$ln=17,r=8,p=1$<salt>$<key> (base64url, no padding).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { passwordLimits } from '../../shared/account.ts';

export const { min: minPasswordLength, max: maxPasswordLength } = passwordLimits;

const log2N = 17;
const blockSize = 8;
const parallelization = 1;
const saltBytes = 16;
const keyBytes = 64;
/** Refuse stored parameters far beyond ours: a tampered row must not exhaust memory. */
const maxLog2N = 20;

export class WeakPasswordError extends Error {
  constructor() {
    super(
      `A senha precisa de pelo menos ${minPasswordLength} caracteres / ` +
        `the password needs at least ${minPasswordLength} characters`,
    );
  }
}

/** The pt-BR/English problem with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < minPasswordLength) return new WeakPasswordError().message;
  if (password.length > maxPasswordLength) {
    return `A senha pode ter no máximo ${maxPasswordLength} caracteres / at most ${maxPasswordLength} characters`;
  }
  return undefined;
}

// Each hash holds 128 MiB for a few hundred milliseconds: at most two at a time, so a burst of
// logins queues instead of exhausting memory or the libuv pool the rest of the server shares.
const hashingSlots = pLimit(2);

function derive(password: string, salt: Buffer, ln: number, r: number, p: number) {
  const N = 2 ** ln;
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r * p };
  return hashingSlots(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

function encode(salt: Buffer, key: Buffer): string {
  return `$scrypt$ln=${log2N},r=${blockSize},p=${parallelization}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function hashPassword(password: string): Promise<string> {
  if (passwordProblem(password)) throw new WeakPasswordError();
  const salt = randomBytes(saltBytes);
  return encode(salt, await derive(password, salt, log2N, blockSize, parallelization));
}

const format = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

/** True when the password matches the stored hash; false for a mismatch or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = format.exec(stored);
  if (!match) return false;
  const [, ln, r, p, salt, key] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const params = [Number(ln), Number(r), Number(p)] as const;
  if (params[0] < 1 || params[0] > maxLog2N || params[1] < 1 || params[1] > 32 || params[2] !== 1) {
    return false;
  }
  const expected = Buffer.from(key, 'base64url');
  if (expected.length !== keyBytes) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), ...params);
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of no password at all: verifying against it costs what a real check costs, so a login
 * for an unknown e-mail takes as long as one with a wrong password.
 */
export const unusableHash = encode(randomBytes(saltBytes), randomBytes(keyBytes));
