/**
 * The key that makes one e-mail one person: trimmed and lower-cased. One registration per key,
 * and admins are found by it.
 */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
