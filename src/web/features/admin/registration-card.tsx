// One registration in the panel. Memoized: a live change re-renders only the card it touches.
import { ExternalLink } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { decisionLabels, formatDateTime } from '@shared/labels.ts';
import type { MessageChannel, ResendRequest } from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { adminTexts } from './admin-texts.ts';
import { AuditTrail } from './audit-trail.tsx';
import { CardCertificate, type RevokeAsked } from './card-certificate.tsx';
import type { CardEntrances } from './card-entrance.ts';
import { DeliveryStatus } from './delivery-status.tsx';
import { EntryUndo, type EntryUndone } from './card-entry-undo.tsx';
import { SeatActions } from './card-seat-actions.tsx';
import { useEventSettings } from './use-event-settings.ts';
import { RegistrationDetails } from './registration-details.tsx';

const texts = adminTexts.card;

/** Each status's badge: waiting ones in amber, the confirmed in green, the cancelled plain. */
export const badgeVariants = {
  pending: 'warning',
  confirmed: 'success',
  waitlisted: 'warning',
  cancelled: 'muted',
} as const satisfies Record<Registration['status'], 'warning' | 'success' | 'muted'>;

export interface RegistrationCardProps {
  registration: Registration;
  /** 1-based place in the whole list, and its length: only part of the list is rendered. */
  position: number;
  total: number;
  /** Decides, when the card mounts, whether it animates in and with which delay. */
  entrances: CardEntrances;
  /** Resolves true when the registration was confirmed. */
  onConfirm(registration: Registration): Promise<boolean>;
  /** Resolve true when it was cancelled, or restored (decision 0130). */
  onCancel(registration: Registration): Promise<boolean>;
  onRestore(registration: Registration): Promise<boolean>;
  /** Takes back the person's entry; says whether it was, and whether a certificate stands. */
  onUndoEntry(registration: Registration): Promise<EntryUndone>;
  /** Resolve true when its certificate was issued by hand, or revoked (issue 36.2). */
  onIssueCertificate(registration: Registration): Promise<boolean>;
  onRevokeCertificate(registration: Registration): Promise<boolean>;
  /** On the waiting list: its place (1 for the next seat). */
  waitlistPlace: number | undefined;
  /** Opens WhatsApp at once, then records the send on the server. */
  onSendTicket(registration: Registration): Promise<void>;
  onDelete(registration: Registration, button: HTMLButtonElement): void;
  /** In the panel's selection (bulk confirmation, bulk resend). */
  selected: boolean;
  onSelect(id: string, selected: boolean): void;
  /** The channels that send by themselves now. */
  channels: readonly MessageChannel[];
  /** Queues a new copy of one of its messages. */
  onResend(registration: Registration, request: ResendRequest): Promise<void>;
  /** On the first card of a row: the grid measures the row's height through it. */
  ref?: (element: HTMLElement | null) => void;
  'data-index'?: number;
}

function RegistrationCardView({
  registration,
  position,
  total,
  entrances,
  onConfirm,
  onCancel,
  onRestore,
  onUndoEntry,
  onIssueCertificate,
  onRevokeCertificate,
  waitlistPlace,
  onSendTicket,
  onDelete,
  selected,
  onSelect,
  channels,
  onResend,
  ref,
  'data-index': rowIndex,
}: RegistrationCardProps) {
  const event = useEvent();
  const headingId = useId();
  const certificatesOn = useEventSettings().data?.certificate.enabled ?? event.certificate.enabled;
  const [revokeAsked, setRevokeAsked] = useState<RevokeAsked>(null);
  const ticketSentId = useId();
  const auditId = useId();
  const [auditShown, setAuditShown] = useState(false);
  const [entrance] = useState(() => entrances.stepFor(registration.id));
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const ticketButton = useRef<HTMLButtonElement>(null);
  const focusTicketWhenConfirmed = useRef(false);
  // The organizer's decision; `confirmacao` is the visitor's own answer, shown among the fields.
  const pending = registration.status === 'pending';
  // Confirmable: pending, or on the waiting list (a seat may have freed, or the capacity grown).
  const confirmable = pending || registration.status === 'waitlisted';
  const confirmed = registration.status === 'confirmed';

  // The 'Confirmar' button disappears once confirmed: keep keyboard focus in the card.
  useEffect(() => {
    if (confirmed && focusTicketWhenConfirmed.current) {
      focusTicketWhenConfirmed.current = false;
      ticketButton.current?.focus();
    }
  }, [confirmed]);

  async function confirm() {
    focusTicketWhenConfirmed.current = document.activeElement === confirmButton.current;
    setConfirming(true);
    const ok = await onConfirm(registration);
    if (!ok) focusTicketWhenConfirmed.current = false;
    setConfirming(false);
  }

  const heading = (
    <h2
      id={headingId}
      className="min-w-0 flex-1 text-lg leading-snug font-bold [overflow-wrap:anywhere]"
    >
      {registration.nome_completo}
    </h2>
  );

  return (
    <li
      ref={ref}
      data-index={rowIndex}
      className={entrance === null ? 'admin-card' : 'admin-card admin-card-enter'}
      data-stagger={entrance ?? undefined}
      aria-posinset={position}
      aria-setsize={total}
      data-registration-id={registration.id}
    >
      <article
        aria-labelledby={headingId}
        className="bg-card text-card-foreground flex h-full flex-col gap-4 rounded-lg border p-5 shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <label className="-m-2 flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input
              type="checkbox"
              checked={selected}
              onChange={(e) => onSelect(registration.id, e.currentTarget.checked)}
              className="accent-primary size-5 cursor-pointer focus-visible:outline-none"
            />
            <span className="sr-only">
              {adminTexts.bulk.select} {registration.nome_completo}
            </span>
          </label>
          {heading}
          <Badge variant={badgeVariants[registration.status]} className="mt-0.5 shrink-0">
            {decisionLabels[registration.status]}
          </Badge>
        </div>
        <RegistrationDetails registration={registration} event={event} />
        {waitlistPlace !== undefined && (
          <p className="text-sm font-semibold">
            {texts.waitlistPosition}: {waitlistPlace}
          </p>
        )}
        {registration.promoted_at && registration.status === 'pending' && (
          <p className="text-sm font-semibold">{texts.promoted}</p>
        )}
        {registration.rsvp === 'yes' && registration.status === 'confirmed' && (
          <p className="text-sm font-semibold">{texts.rsvpYes}</p>
        )}
        {registration.ticket_sent_at && (
          <p id={ticketSentId} className="text-muted-foreground flex items-center gap-1.5 text-sm">
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            {texts.ticketSentAt(formatDateTime(registration.ticket_sent_at, event.timeZone))}
          </p>
        )}
        <CardCertificate
          registration={registration}
          timeZone={event.timeZone}
          headingId={headingId}
          enabled={certificatesOn}
          asked={revokeAsked}
          onAsked={setRevokeAsked}
          onIssue={onIssueCertificate}
          onRevoke={onRevokeCertificate}
        />
        <DeliveryStatus
          registration={registration}
          channels={channels}
          headingId={headingId}
          onResend={onResend}
        />
        {/* The buttons grow to fill their row; on a phone 'Excluir' gets a row of its own. */}
        <div className="mt-auto flex flex-wrap gap-2 [&>*]:grow">
          {confirmable && (
            <Button
              ref={confirmButton}
              size="sm"
              variant="success"
              disabled={confirming}
              aria-describedby={headingId}
              onClick={confirm}
            >
              {confirming ? texts.confirming : texts.confirm}
            </Button>
          )}
          <Button
            ref={ticketButton}
            size="sm"
            disabled={!confirmed}
            aria-describedby={
              registration.ticket_sent_at ? `${headingId} ${ticketSentId}` : headingId
            }
            onClick={() => void onSendTicket(registration)}
          >
            {texts.sendTicket}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            aria-describedby={headingId}
            onClick={(e) => onDelete(registration, e.currentTarget)}
          >
            {texts.delete}
          </Button>
        </div>
        <EntryUndo
          registration={registration}
          headingId={headingId}
          onUndoEntry={onUndoEntry}
          onCertificateStands={() => setRevokeAsked('undo')}
        />
        <SeatActions
          registration={registration}
          headingId={headingId}
          onCancel={onCancel}
          onRestore={onRestore}
        />
        <div className="flex flex-col items-start gap-2">
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

export const RegistrationCard = memo(
  RegistrationCardView,
  (previous, next) =>
    previous.registration === next.registration &&
    previous.position === next.position &&
    previous.total === next.total &&
    previous.entrances === next.entrances &&
    previous.onConfirm === next.onConfirm &&
    previous.onCancel === next.onCancel &&
    previous.onRestore === next.onRestore &&
    previous.onUndoEntry === next.onUndoEntry &&
    previous.onIssueCertificate === next.onIssueCertificate &&
    previous.onRevokeCertificate === next.onRevokeCertificate &&
    previous.waitlistPlace === next.waitlistPlace &&
    previous.onSendTicket === next.onSendTicket &&
    previous.onDelete === next.onDelete &&
    previous.selected === next.selected &&
    previous.onSelect === next.onSelect &&
    previous.channels === next.channels &&
    previous.onResend === next.onResend &&
    previous.ref === next.ref &&
    previous['data-index'] === next['data-index'],
);
