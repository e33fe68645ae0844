// What one entry of a registration's history says on its card, after its time: who, then what.
import type { AuditEntry } from '@shared/audit.schema.ts';
import { auditTrailTexts as texts } from './audit-trail-texts.ts';

function whatWasDone({ action, message }: AuditEntry): string {
  if (action === 'message_resent' && message) return texts.resent(message.channel, message.kind);
  if (action === 'withdrawn' && message?.channel === 'whatsapp') return texts.withdrawnOnWhatsapp;
  return texts.actions[action];
}

export function auditEntryText(entry: AuditEntry): string {
  const who = entry.actor ?? (entry.action === 'withdrawn' ? texts.person : texts.system);
  return `${who} ${whatWasDone(entry)}`;
}
