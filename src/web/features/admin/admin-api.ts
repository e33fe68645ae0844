// The admin API calls the panel makes. Errors arrive as ApiRequestError with the server's text.
import { api, withId } from '@shared/paths.ts';
import type { SignedInAccount } from '@shared/account.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';

/** Who is signed in to the panel, and as what. */
export type AdminSession = SignedInAccount;

/** The signed-in admin, or null when there is no session (401). */
export async function fetchSession(signal?: AbortSignal): Promise<AdminSession | null> {
  try {
    return await apiRequest<AdminSession>(api.adminMe, { signal });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export function logIn(email: string, password: string): Promise<AdminSession> {
  return apiRequest<AdminSession>(api.adminLogin, {
    method: 'POST',
    body: { email, password },
  });
}

export function logOut(): Promise<void> {
  return apiRequest<void>(api.adminLogout, { method: 'POST' });
}

/** Thousands of rows on a slow connection are no stall: this one gets longer than the rest. */
const listTimeoutMs = 120_000;

export function listRegistrations(signal?: AbortSignal): Promise<Registration[]> {
  return apiRequest<Registration[]>(api.adminRegistrations, { signal, timeoutMs: listTimeoutMs });
}

export function confirmRegistration(id: string): Promise<Registration> {
  return apiRequest<Registration>(withId(api.adminConfirm, id), { method: 'POST' });
}

/** Records that the ticket was just sent (the wa.me tab opened); the answer carries the time. */
export function markTicketSent(id: string): Promise<Registration> {
  return apiRequest<Registration>(withId(api.adminTicket, id), { method: 'POST' });
}

export function deleteRegistration(id: string): Promise<void> {
  return apiRequest<void>(withId(api.adminRegistration, id), { method: 'DELETE' });
}

/** The session is gone (expired, logged out elsewhere): back to the login form. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
