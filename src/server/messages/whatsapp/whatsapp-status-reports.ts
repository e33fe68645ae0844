// The status reports in a body Meta's webhook posted, read defensively: the body is signed, but
// its shape is Meta's to change and a bug's to break. Whatever is not a well-formed report (a
// null entry, a string where a list should be, an unknown status) is skipped, and the rest applied.
import { z } from 'zod';
import type { ReportedError } from './whatsapp-client.ts';

export const reportedStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type ReportedStatus = (typeof reportedStatuses)[number];

export interface StatusReport {
  /** The message's id at Meta (wamid). */
  id: string;
  status: ReportedStatus;
  /** The first of the report's errors (a `failed` one carries them). */
  error?: ReportedError;
}

const reportSchema = z.object({
  // Our provider_id column holds 200 characters: a longer id is no message of ours.
  id: z.string().min(1).max(200),
  status: z.enum(reportedStatuses),
  errors: z.array(z.unknown()).optional().catch(undefined),
});

/** The list under `key` in `value`, or none when either is not what Meta documents. */
export function listAt(value: unknown, key: string): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  const list = (value as Record<string, unknown>)[key];
  return Array.isArray(list) ? list : [];
}

export function valueOf(change: unknown): unknown {
  return typeof change === 'object' && change !== null
    ? (change as { value?: unknown }).value
    : undefined;
}

/** `entry[].changes[].value.statuses[]`, each one that is a well-formed report. */
export function statusReportsIn(body: unknown): StatusReport[] {
  const candidates = listAt(body, 'entry')
    .flatMap((entry) => listAt(entry, 'changes'))
    .flatMap((change) => listAt(valueOf(change), 'statuses'));
  const reports: StatusReport[] = [];
  for (const candidate of candidates) {
    const parsed = reportSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const { id, status, errors } = parsed.data;
    const first = errors?.[0];
    const error =
      typeof first === 'object' && first !== null ? (first as ReportedError) : undefined;
    reports.push({ id, status, ...(error ? { error } : {}) });
  }
  return reports;
}
