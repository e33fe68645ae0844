// One registration of a past edition, read-only: what it was, and its history on request.
import { useId, useState } from 'react';
import { decisionLabels } from '@shared/labels.ts';
import { badgeVariants } from '../registration-card.tsx';
import type { Registration } from '@shared/registration.schema.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { adminTexts } from '../admin-texts.ts';
import { AuditTrail } from '../audit-trail.tsx';
import { RegistrationDetails } from '../registration-details.tsx';

export interface EditionRegistrationCardProps {
  registration: Registration;
  position: number;
  total: number;
  ref?: (element: HTMLElement | null) => void;
  'data-index'?: number;
}

export function EditionRegistrationCard({
  registration,
  position,
  total,
  ref,
  'data-index': rowIndex,
}: EditionRegistrationCardProps) {
  const event = useEvent();
  const headingId = useId();
  const auditId = useId();
  const [auditShown, setAuditShown] = useState(false);
  return (
    <li ref={ref} data-index={rowIndex} aria-posinset={position} aria-setsize={total}>
      <article
        aria-labelledby={headingId}
        className="bg-card text-card-foreground flex h-full flex-col gap-4 rounded-lg border p-5 shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <h3
            id={headingId}
            className="min-w-0 flex-1 text-lg leading-snug font-bold [overflow-wrap:anywhere]"
          >
            {registration.nome_completo}
          </h3>
          <Badge variant={badgeVariants[registration.status]} className="mt-0.5 shrink-0">
            {decisionLabels[registration.status]}
          </Badge>
        </div>
        <RegistrationDetails registration={registration} event={event} />
        <div className="mt-auto flex flex-col items-start gap-2">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={auditShown}
            aria-controls={auditShown ? auditId : undefined}
            aria-describedby={headingId}
            onClick={() => setAuditShown((shown) => !shown)}
          >
            {auditShown ? adminTexts.audit.hide : adminTexts.audit.show}
          </Button>
          {auditShown && <AuditTrail id={auditId} registrationId={registration.id} />}
        </div>
      </article>
    </li>
  );
}
