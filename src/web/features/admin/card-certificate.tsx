// Where the person's certificate stands, on their card (issue 36.2, 36.4, 36.6): issued, with its
// PDF to download (the organizer's route, decision 0242) and 'Revogar certificado', asked once in
// the card before it revokes; revoked, or none, with 'Emitir certificado' for a confirmed person
// while the event issues certificates. After 'Desfazer entrada' on someone whose certificate was
// issued, the same question is asked at once.
import { Award, Download } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '@shared/labels.ts';
import { api, withId } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { cardCertificateTexts as texts } from './card-certificate-texts.ts';

/** Why the revoke question is open: the button, or an entry undone after issue. */
export type RevokeAsked = 'card' | 'undo' | null;

export interface CardCertificateProps {
  registration: Registration;
  timeZone: string;
  /** The card's title: the link and buttons are described by the person's name. */
  headingId: string;
  /** The event issues certificates now ('Certificado' on). */
  enabled: boolean;
  asked: RevokeAsked;
  onAsked(asked: RevokeAsked): void;
  /** Resolve true when it was issued, or revoked. */
  onIssue(registration: Registration): Promise<boolean>;
  onRevoke(registration: Registration): Promise<boolean>;
}

export function CardCertificate(props: CardCertificateProps) {
  const { registration, timeZone, headingId, enabled, onIssue } = props;
  const [issuing, setIssuing] = useState(false);
  const { certificate } = registration;
  const valid = certificate && !certificate.revoked_at;
  const issuable = enabled && registration.status === 'confirmed' && !valid;
  if (!certificate && !issuable) return null;
  return (
    <div className="grid gap-2">
      {certificate && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p
            className={`flex items-center gap-1.5 text-sm ${valid ? '' : 'text-muted-foreground'}`}
          >
            <Award
              aria-hidden="true"
              className={`size-4 shrink-0 ${valid ? 'text-primary' : ''}`}
            />
            {certificate.revoked_at
              ? texts.revoked(formatDateTime(certificate.revoked_at, timeZone))
              : texts.issued(formatDateTime(certificate.issued_at, timeZone))}
          </p>
          {valid && (
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
          )}
        </div>
      )}
      {valid && <RevokeCertificate {...props} />}
      {issuable && (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          disabled={issuing}
          aria-describedby={headingId}
          onClick={async () => {
            setIssuing(true);
            await onIssue(registration);
            setIssuing(false);
          }}
        >
          <Award aria-hidden="true" className="size-4" />
          {issuing ? texts.issuing : texts.issue}
        </Button>
      )}
    </div>
  );
}

function RevokeCertificate({
  registration,
  headingId,
  asked,
  onAsked,
  onRevoke,
}: CardCertificateProps) {
  const [busy, setBusy] = useState(false);
  if (!asked) {
    return (
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive self-start"
        aria-describedby={headingId}
        onClick={() => onAsked('card')}
      >
        {texts.revoke}
      </Button>
    );
  }
  const name = registration.nome_completo;
  return (
    <div role="group" aria-label={texts.revoke} className="grid gap-2 rounded-lg border p-3">
      <p className="text-sm [overflow-wrap:anywhere]">
        {asked === 'undo' ? texts.revokeAfterUndo(name) : texts.revokeAsk(name)}
      </p>
      <div className="flex flex-wrap gap-2 [&>*]:grow">
        <Button
          size="sm"
          variant="destructive"
          autoFocus
          aria-disabled={busy}
          onClick={async () => {
            if (busy) return;
            setBusy(true);
            const done = await onRevoke(registration);
            setBusy(false);
            if (done) onAsked(null);
          }}
        >
          {busy ? texts.revoking : texts.revoke}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAsked(null)}>
          {texts.keep}
        </Button>
      </div>
    </div>
  );
}
