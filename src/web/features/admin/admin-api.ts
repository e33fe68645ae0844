// The admin API calls the panel makes. Errors arrive as ApiRequestError with the server's text.
import { api, withId } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { apiRequest } from '@/lib/api-client.ts';

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
