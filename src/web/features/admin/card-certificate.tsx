// Where the person's certificate stands, on their card (issue 36.6): issued, with its PDF to
// download (the organizer's route, decision 0242), or revoked; nothing while none was issued.
import { Award, Download } from 'lucide-react';
import { formatDateTime } from '@shared/labels.ts';
import { api, withId } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { cardCertificateTexts as texts } from './card-certificate-texts.ts';

export interface CardCertificateProps {
  registration: Registration;
  timeZone: string;
  /** The card's title: the link is described by the person's name. */
  headingId: string;
}

export function CardCertificate({ registration, timeZone, headingId }: CardCertificateProps) {
  const { certificate } = registration;
  if (!certificate) return null;
  if (certificate.revoked_at) {
    return (
      <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
        <Award aria-hidden="true" className="size-4 shrink-0" />
        {texts.revoked(formatDateTime(certificate.revoked_at, timeZone))}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="flex items-center gap-1.5 text-sm">
        <Award aria-hidden="true" className="text-primary size-4 shrink-0" />
        {texts.issued(formatDateTime(certificate.issued_at, timeZone))}
      </p>
      <Button asChild size="sm" variant="outline">
        <a
          href={withId(api.adminRegistrationCertificate, registration.id)}
          download={`certificado-${certificate.code}.pdf`}
          aria-describedby={headingId}
        >
          <Download aria-hidden="true" className="size-4" />
          {texts.download}
        </a>
      </Button>
    </div>
  );
}
