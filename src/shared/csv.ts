// The CSV export: spreadsheet-safe (OWASP CSV injection), UTF-8 with BOM for Excel.
import type { EventSettings } from './event-settings.schema.ts';
import { answerText } from './form-questions.ts';
import { formatPhone } from './phone.ts';
import { bringsSomeone, confirmacaoLabels, decisionLabels, formatDateTime } from './labels.ts';
import type { Registration } from './registration.schema.ts';

export const csvHeader = [
  'Nome Completo',
  'WhatsApp',
  'Email',
  'Compania',
  'Levar Alguém',
  'Confirmação',
  'Status',
  'Data de Inscrição',
] as const;

/**
 * Columns of ours, after the spec's (which stay first and unchanged) and the organizer's
 * questions: the certificate's code, for
 * an organizer who sends it on or checks it (issue 36.6); 'Revogado' once revoked, empty if none.
 */
export const csvExtraHeader = ['Código do Certificado'] as const;

const revokedCertificate = 'Revogado';

const BOM = '\uFEFF';
const formulaStart = /^[=+\-@\t\r\n]/;

/** One quoted cell; text a spreadsheet would run as a formula gets a leading `'`. */
export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * Dates on the edition's clocks, phones as its phone country writes them (decision 0214). After
 * the original's columns, one per question of the organizer's, headed by its label (a question
 * removed after it was answered too: its answers stay), choices joined by '; ' (issue 34.4).
 */
export function buildCsv(
  registrations: readonly Registration[],
  {
    timeZone,
    phoneCountry,
    questions = [],
  }: Pick<EventSettings, 'timeZone' | 'phoneCountry'> & Partial<Pick<EventSettings, 'questions'>>,
): string {
  const header = [...csvHeader, ...questions.map((question) => question.label), ...csvExtraHeader];
  const rows = registrations.map((r) => [
    r.nome_completo,
    formatPhone(r.whatsapp, phoneCountry),
    r.email,
    r.nome_compania,
    bringsSomeone(r),
    r.confirmacao ? confirmacaoLabels[r.confirmacao] : '',
    decisionLabels[r.status],
    formatDateTime(r.created_at, timeZone),
    ...questions.map((question) => answerText(question, r.respostas[question.id])),
    r.certificate ? (r.certificate.revoked_at ? revokedCertificate : r.certificate.code) : '',
  ]);
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return BOM + lines.join('\r\n') + '\r\n';
}

/** `inscricoes_build_safe_2025-11-21.csv`, with the local calendar date. */
export function csvFileName(prefix: string, now: Date): string {
  const yyyy = now.getFullYear();
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${prefix}${yyyy}-${mm}-${dd}.csv`;
}
