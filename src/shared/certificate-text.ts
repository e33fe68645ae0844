// The certificate's words: its default text and settings, the placeholders the text may hold and
// how they are filled. Plain data and functions with no imports (no zod: the public pages'
// defaults take it): the PDF (server) and, later, the panel's preview fill the text the same way.

/** The original spec's text (issue 36.1), the default of the 'Certificado' settings. */
export const defaultCertificateText =
  'Certificamos que {nome} participou do {evento}, realizado em {data}, em {local}, com carga horária de {carga_horaria}.';

export const certificatePlaceholders = [
  'nome',
  'evento',
  'data',
  'local',
  'carga_horaria',
] as const;
export type CertificatePlaceholder = (typeof certificatePlaceholders)[number];

/** '8 horas', '1 hora', '7,5 horas': hours come in halves. */
export function formatCertificateHours(hours: number): string {
  const written = hours.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return `${written} ${hours === 1 ? 'hora' : 'horas'}`;
}

/** The text with each known placeholder replaced; anything else in braces stays as written. */
export function fillCertificateText(
  text: string,
  values: Record<CertificatePlaceholder, string>,
): string {
  return text.replace(/\{([a-z_]+)\}/g, (written, name: string) =>
    (certificatePlaceholders as readonly string[]).includes(name)
      ? values[name as CertificatePlaceholder]
      : written,
  );
}

/** `certificate` in the event's settings (certificate-settings.schema.ts checks it). */
export interface CertificateSettingsShape {
  enabled: boolean;
  /** The workload ('carga horária') in hours, by halves; null: the event's duration, rounded. */
  hours: number | null;
  text: string;
  signers: CertificateSignerShape[];
}

/** An image of a signature, stored like the logo (`/imagens/<hash>.png`), with its pixel size. */
export interface CertificateSignatureImage {
  url: string;
  width: number;
  height: number;
}

export interface CertificateSignerShape {
  name: string;
  role: string;
  /** Drawn above the signer's line (issue 36.1); absent: the line alone. */
  image?: CertificateSignatureImage | undefined;
}

export const defaultCertificateSettings: CertificateSettingsShape = {
  enabled: false,
  hours: null,
  text: defaultCertificateText,
  signers: [],
};

/** The workload printed: the one set, or the event's duration rounded to the half hour. */
export function certificateHours(
  certificate: Pick<CertificateSettingsShape, 'hours'>,
  durationMinutes: number,
): number {
  return certificate.hours ?? Math.max(0.5, Math.round(durationMinutes / 30) / 2);
}
