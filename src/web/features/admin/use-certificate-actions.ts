// A card's certificate buttons (issue 36.2, 36.4): one issued by hand to a confirmed person, or
// revoked; each answers with a toast and puts the certificate's new state on the card at once
// (the live stream says the same a moment later).
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { isUnauthorized } from '@/lib/api-client.ts';
import { cardCertificateTexts as texts } from './card-certificate-texts.ts';
import { issueCertificate, revokeCertificate } from './certificate-api.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';
import { reason } from './use-registration-actions.ts';

export function useCertificateActions(apply: LiveRegistrations['apply']) {
  const { mutateAsync: issueOne } = useMutation({ mutationFn: issueCertificate });
  const { mutateAsync: revokeOne } = useMutation({ mutationFn: revokeCertificate });

  const issue = useCallback(
    async (registration: Registration) => {
      try {
        const { code, issued_at } = await issueOne(registration.id);
        apply({
          type: 'updated',
          registration: { ...registration, certificate: { code, issued_at, revoked_at: null } },
        });
        toast.success(texts.issuedToast, { description: texts.issuedToastDescription });
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(texts.issueFailed, reason(error));
        return false;
      }
    },
    [apply, issueOne],
  );

  const revoke = useCallback(
    async (registration: Registration) => {
      const { certificate } = registration;
      try {
        await revokeOne(registration.id);
        if (certificate) {
          const revoked = { ...certificate, revoked_at: new Date().toISOString() };
          apply({ type: 'updated', registration: { ...registration, certificate: revoked } });
        }
        toast.success(texts.revokedToast);
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(texts.revokeFailed, reason(error));
        return false;
      }
    },
    [apply, revokeOne],
  );

  return { issueCertificate: issue, revokeCertificate: revoke };
}
