// The panel's calls about certificates (issue 36.1, 36.2, 36.4): a signer's image, and one
// person's certificate issued or revoked by hand. Errors arrive as ApiRequestError in pt-BR.
import type { IssuedCertificate } from '@shared/certificate-api.schema.ts';
import type { CertificateSignatureImage } from '@shared/certificate-text.ts';
import { api, withId } from '@shared/paths.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** A PNG as a signer's image; answers it as stored (its address and size). */
export function uploadSignature(file: Blob): Promise<CertificateSignatureImage> {
  return apiRequest<CertificateSignatureImage>(api.adminCertificateSignature, {
    method: 'POST',
    body: file,
    timeoutMs: 60_000,
  });
}

export function issueCertificate(id: string): Promise<IssuedCertificate> {
  return apiRequest(withId(api.adminRegistrationCertificate, id), { method: 'POST' });
}

export function revokeCertificate(id: string): Promise<void> {
  return apiRequest<void>(withId(api.adminRegistrationCertificate, id), { method: 'DELETE' });
}
