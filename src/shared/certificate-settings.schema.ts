// The certificate's settings (issue 36.1), `certificate` in the event's settings: on or off (off
// by default), the workload, the text with its placeholders and one or two signers. Copied to the
// next edition and audited with the other settings, field by field (the event's schema lists it).
import { z } from 'zod';
import {
  type CertificateSettingsShape,
  certificatePlaceholders,
  defaultCertificateSettings,
} from './certificate-text.ts';

export { defaultCertificateSettings };

export const certificateLimits = {
  text: 1000,
  signerName: 120,
  signerRole: 120,
  hours: 1000,
  /** What POST /api/admin/event/certificate/signature takes: a PNG of at most 500 KB. */
  signatureBytes: 500 * 1024,
};

/** The stored signatures' addresses: like the logo's, always a PNG. */
export const signatureUrlPattern = /^\/imagens\/[0-9a-f]{32}\.png$/;

export const certificateMessages = {
  enabled: 'Escolha se o evento emite certificados.',
  hours: `Informe a carga horária em horas, de meia em meia hora, até ${certificateLimits.hours}.`,
  text: (max: number) => `Escreva o texto do certificado, com até ${max} caracteres.`,
  placeholder: (name: string) =>
    `O texto do certificado não aceita {${name}}: use ${certificatePlaceholders.map((p) => `{${p}}`).join(', ')}.`,
  signerName: (max: number) => `Informe o nome de quem assina, com até ${max} caracteres.`,
  signerRole: (max: number) => `Informe o cargo de quem assina, com até ${max} caracteres.`,
  signers: 'O certificado tem uma ou duas assinaturas.',
  signatureImage: 'Envie de novo a imagem da assinatura.',
  certificate: 'Configure o certificado: ativado, carga horária, texto e assinaturas.',
} as const;

// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const controlButNewline = /[\u0000-\u0009\u000b-\u001f\u007f]|\p{Cs}/u;

function line(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .refine((value) => !controlCharacter.test(value), message);
}

const signerSchema = z.strictObject({
  name: line(
    certificateLimits.signerName,
    certificateMessages.signerName(certificateLimits.signerName),
  ),
  role: line(
    certificateLimits.signerRole,
    certificateMessages.signerRole(certificateLimits.signerRole),
  ),
  // As the upload answered it: an address of ours and the stored picture's size.
  image: z
    .strictObject(
      {
        url: z.string().regex(signatureUrlPattern),
        width: z.number().int().min(1).max(10_000),
        height: z.number().int().min(1).max(10_000),
      },
      { error: certificateMessages.signatureImage },
    )
    .optional(),
});

const textSchema = z
  .string({ error: certificateMessages.text(certificateLimits.text) })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, certificateMessages.text(certificateLimits.text))
      .max(certificateLimits.text, certificateMessages.text(certificateLimits.text))
      .refine(
        (value) => !controlButNewline.test(value),
        certificateMessages.text(certificateLimits.text),
      ),
  )
  .superRefine((value, ctx) => {
    const unknown = [...value.matchAll(/\{([^{}\s]{1,40})\}/g)]
      .map((match) => match[1] ?? '')
      .find((name) => !(certificatePlaceholders as readonly string[]).includes(name));
    if (unknown !== undefined)
      ctx.addIssue({ code: 'custom', message: certificateMessages.placeholder(unknown) });
  });

export const certificateSettingsSchema = z
  .strictObject(
    {
      enabled: z.boolean({ error: certificateMessages.enabled }),
      /** The workload ('carga horária') in hours, by halves; null: the event's duration, rounded. */
      hours: z
        .number({ error: certificateMessages.hours })
        .min(0.5, certificateMessages.hours)
        .max(certificateLimits.hours, certificateMessages.hours)
        .refine((hours) => Number.isInteger(hours * 2), certificateMessages.hours)
        .nullable(),
      text: textSchema,
      signers: z
        .array(signerSchema, { error: certificateMessages.signers })
        .max(2, certificateMessages.signers),
    },
    { error: certificateMessages.certificate },
  )
  .superRefine((settings, ctx) => {
    // Off, it may be left half filled; on, a certificate needs someone to sign it.
    if (settings.enabled && settings.signers.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['signers'], message: certificateMessages.signers });
    }
  });

export type CertificateSettings = z.output<typeof certificateSettingsSchema>;

// The schema's output and the plain shape the public pages' code knows are one type.
const sameShape: CertificateSettingsShape =
  defaultCertificateSettings satisfies CertificateSettings;
void sameShape;
