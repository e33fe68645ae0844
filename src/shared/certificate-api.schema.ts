// The certificates' admin API answers (issue 36.4): 'Emitir certificados agora', and one
// registration's certificate issued by hand.
import { z } from 'zod';

/** POST /api/admin/certificates: how many this press issued (and queued the messages of). */
export const certificatesIssuedSchema = z.object({
  issued: z.number().int().min(0).describe('Certificates issued now; 0 when everyone had one.'),
});
export type CertificatesIssued = z.output<typeof certificatesIssuedSchema>;

/** POST /api/admin/registrations/:id/certificate: the certificate just issued. */
export const issuedCertificateSchema = z.object({
  code: z.string().describe("The verification code, 'XXXX-XXXX-XXXX-XXXX'."),
  issued_at: z.string().describe('ISO 8601 UTC.'),
});
export type IssuedCertificate = z.output<typeof issuedCertificateSchema>;
