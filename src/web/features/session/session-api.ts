// Who is signed in: every role logs in, out and asks `me` at the same three URLs.
import type { SignedInAccount } from '@shared/account.ts';
import { api } from '@shared/paths.ts';
import { apiRequest, isUnauthorized } from '@/lib/api-client.ts';

export type Session = SignedInAccount;

/** The signed-in account, or null when there is no session (401). */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await apiRequest<Session>(api.adminMe, { signal });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export function logIn(email: string, password: string): Promise<Session> {
  return apiRequest<Session>(api.adminLogin, { method: 'POST', body: { email, password } });
}

/** Ends the session: true once it is over (a session already gone counts), false if unsure. */
export async function logOut(): Promise<boolean> {
  try {
    await apiRequest<void>(api.adminLogout, { method: 'POST' });
    return true;
  } catch (error) {
    return isUnauthorized(error);
  }
}
