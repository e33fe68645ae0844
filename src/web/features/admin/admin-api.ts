// The admin API calls the panel makes. Errors arrive as ApiRequestError with the server's text.
import type { AuditEntry } from '@shared/audit.schema.ts';
import type { DoorAccount, NewDoorAccount } from '@shared/door-account.schema.ts';
import type { Edition, EventChange, NewEditionInput } from '@shared/edition.schema.ts';
import type { EventLogo } from '@shared/event-logo.ts';
import type { EventSettings, EventSettingsInput } from '@shared/event-settings.schema.ts';
import type {
  BulkConfirmResult,
  BulkResendResult,
  Message,
  MessagingState,
  ResendRequest,
} from '@shared/message.schema.ts';
import { api, withId } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { apiRequest, apiRequestVersioned } from '@/lib/api-client.ts';

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

export function deleteRegistration({
  id,
  keepCertificate = true,
}: {
  id: string;
  /** Its issued certificate stays verifiable (issue 36.7), unless false. */
  keepCertificate?: boolean;
}): Promise<void> {
  const url = withId(api.adminRegistration, id);
  return apiRequest<void>(keepCertificate ? url : `${url}?certificate=erase`, {
    method: 'DELETE',
  });
}

/** Who did what to one registration, oldest first. */
export function listAudit(id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return apiRequest<AuditEntry[]>(withId(api.adminAudit, id), { signal });
}

export function listDoorAccounts(signal?: AbortSignal): Promise<DoorAccount[]> {
  return apiRequest<DoorAccount[]>(api.adminAccounts, { signal });
}

export function createDoorAccount(account: NewDoorAccount): Promise<DoorAccount> {
  return apiRequest<DoorAccount>(api.adminAccounts, { method: 'POST', body: account });
}

export function removeDoorAccount(id: string): Promise<void> {
  return apiRequest<void>(withId(api.adminAccount, id), { method: 'DELETE' });
}

/** Cancels it (its seat goes to the waiting list); repeating it changes nothing. */
export function cancelRegistration(id: string): Promise<Registration> {
  return apiRequest<Registration>(withId(api.adminCancel, id), { method: 'POST' });
}

/**
 * Takes back a person's entry (a mistake at the door), whoever let them in: the door's own route,
 * open to admins, audited with who undid it. Answers the person as the door sees them, and
 * whether a certificate was issued to them (the panel then asks whether to revoke it).
 */
export function undoEntry(id: string): Promise<{ certificate_issued?: boolean }> {
  return apiRequest(withId(api.doorCheckIn, id), { method: 'DELETE' });
}

/** A cancelled registration confirmed again, while a seat is left. */
export function restoreRegistration(id: string): Promise<Registration> {
  return apiRequest<Registration>(withId(api.adminRestore, id), { method: 'POST' });
}

/**
 * The bulk confirmation's answer. `failed`: when one of its batches failed on the server after
 * others were committed, the ids left as they were (the later ones), and `failure` why (0171).
 */
export type BulkConfirmAnswer = BulkConfirmResult;

/** Confirms many at once (at most `bulkConfirmLimit` ids per request). */
export function confirmRegistrations(ids: readonly string[]): Promise<BulkConfirmAnswer> {
  return apiRequest<BulkConfirmAnswer>(api.adminBulkConfirm, {
    method: 'POST',
    body: { ids },
    timeoutMs: listTimeoutMs,
  });
}

/** A new copy of each registration's failed newest message per channel. */
export function resendFailed(ids: readonly string[]): Promise<BulkResendResult> {
  return apiRequest<BulkResendResult>(api.adminBulkResend, {
    method: 'POST',
    body: { ids },
    timeoutMs: listTimeoutMs,
  });
}

/** One registration's messages (e-mail, WhatsApp), oldest first. */
export function listMessages(id: string, signal?: AbortSignal): Promise<Message[]> {
  return apiRequest<Message[]>(withId(api.adminMessages, id), { signal });
}

/** Queues a new copy of one message; answers the new message (202). */
export function resendMessage(id: string, request: ResendRequest): Promise<Message> {
  return apiRequest<Message>(withId(api.adminMessages, id), { method: 'POST', body: request });
}

/** Which channels send by themselves, and which are paused. */
export function fetchMessaging(signal?: AbortSignal): Promise<MessagingState> {
  return apiRequest<MessagingState>(api.adminMessaging, { signal });
}

/** Settings with the version they were read at (their `ETag`; null when none was said). */
export interface VersionedSettings {
  settings: EventSettings;
  version: string | null;
}

/** The current edition's settings: what PUT takes back as it is. */
export async function fetchEventSettings(signal?: AbortSignal): Promise<VersionedSettings> {
  const { body, etag } = await apiRequestVersioned<EventSettings>(api.adminEvent, { signal });
  return { settings: body, version: etag };
}

/**
 * Saves the current edition's settings; answers them as stored (trimmed), with their new version.
 * Over `version` only: a save made since is refused as settings_changed (decision 0215).
 */
export async function saveEventSettings(
  settings: EventSettingsInput,
  version: string | null,
): Promise<VersionedSettings> {
  const { body, etag } = await apiRequestVersioned<EventSettings>(api.adminEvent, {
    method: 'PUT',
    body: settings,
    headers: version === null ? {} : { 'if-match': version },
  });
  return { settings: body, version: etag };
}

/** A PNG, JPEG or WebP file as the event's logo; answers it as stored (its address and size). */
export function uploadLogo(file: Blob): Promise<EventLogo> {
  // Up to 2 MB on a phone's connection: more time than a JSON answer.
  return apiRequest<EventLogo>(api.adminEventLogo, {
    method: 'PUT',
    body: file,
    timeoutMs: 120_000,
  });
}

export function removeLogo(): Promise<void> {
  return apiRequest<void>(api.adminEventLogo, { method: 'DELETE' });
}

/** Every edition, newest first; one of them is current. */
export function listEditions(signal?: AbortSignal): Promise<Edition[]> {
  return apiRequest<Edition[]>(api.adminEditions, { signal });
}

/** Starts the next edition from the current one's settings; it becomes current. */
export function createEdition(edition: NewEditionInput): Promise<Edition> {
  return apiRequest<Edition>(api.adminEditions, { method: 'POST', body: edition });
}

/** One edition's registrations, newest first, read-only. */
export function listEditionRegistrations(
  id: string,
  signal?: AbortSignal,
): Promise<Registration[]> {
  return apiRequest<Registration[]>(withId(api.adminEditionRegistrations, id), {
    signal,
    timeoutMs: listTimeoutMs,
  });
}

/** Who changed one edition's settings, when, and which fields; oldest first. */
export function listEditionChanges(id: string, signal?: AbortSignal): Promise<EventChange[]> {
  return apiRequest<EventChange[]>(withId(api.adminEditionChanges, id), { signal });
}
