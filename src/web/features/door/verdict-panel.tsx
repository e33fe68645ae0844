// The verdict of the last scan or search, big and coloured, held until the next one, and spoken:
// each verdict replaces the live region's content, so a screen reader announces it at once.
import { CircleCheck, CircleHelp, CircleX, Clock, ScanLine, Undo2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { formatClockTime } from '@shared/labels.ts';
import { useEvent } from '@/lib/event-config.ts';
import type { Verdict } from './check-ins.ts';
import type { ShownVerdict } from './use-verdict.ts';
import { doorTexts } from './door-texts.ts';

const texts = doorTexts.verdict;

/** The title of a verdict that lets nobody in, with the person's name when the phone knows it. */
const refusedTitle = {
  invalid: texts.invalid,
  not_confirmed: texts.notConfirmed,
  cancelled: texts.cancelled,
} as const;

/** A verdict in one line, as its title says it (the warnings' list names late ones so). */
export function verdictTitle(verdict: Verdict, timeZone: string): string {
  switch (verdict.kind) {
    case 'admitted':
      return texts.admitted;
    case 'already':
      return texts.already(formatClockTime(verdict.at, timeZone));
    case 'invalid':
    case 'not_confirmed':
    case 'cancelled':
      return refusedTitle[verdict.kind];
    case 'unverified':
      return texts.unverified;
    case 'refused':
      return `${texts.refused}: ${verdict.message}`;
    case 'undone':
      return texts.undone;
  }
}

/** The User Timing measure the bench reads: a QR decoded → its verdict on screen. */
export const scanToVerdictMeasure = 'door:scan-to-verdict';

export interface VerdictPanelProps {
  shown: ShownVerdict | null;
  checking: boolean;
}

export function VerdictPanel({ shown, checking }: VerdictPanelProps) {
  const { timeZone } = useEvent();

  // Painted: a frame after React's commit (the next task after requestAnimationFrame).
  useEffect(() => {
    if (shown?.decodedAt === undefined) return;
    const start = shown.decodedAt;
    const detail = { verdict: shown.verdict.kind };
    requestAnimationFrame(() =>
      setTimeout(() =>
        performance.measure(scanToVerdictMeasure, { start, end: performance.now(), detail }),
      ),
    );
  }, [shown]);

  const kind = checking ? 'checking' : (shown?.verdict.kind ?? 'idle');
  let content: ReactNode;
  if (checking) {
    content = <p className="door-verdict-name">Verificando...</p>;
  } else if (!shown) {
    content = (
      <p className="flex items-center gap-3 text-lg font-semibold">
        <ScanLine aria-hidden="true" className="size-6 shrink-0" />
        {texts.idle}
      </p>
    );
  } else {
    const { verdict } = shown;
    const who =
      verdict.kind === 'invalid' ||
      verdict.kind === 'unverified' ||
      verdict.kind === 'refused' ||
      !verdict.attendee ? null : (
        <>
          <p className="door-verdict-name">{verdict.attendee.nome_completo}</p>
          <p className="door-verdict-detail">{verdict.attendee.nome_compania}</p>
        </>
      );
    switch (verdict.kind) {
      case 'admitted':
        content = (
          <>
            <Title icon={<CircleCheck aria-hidden="true" className="size-9 shrink-0" />}>
              {texts.admitted}
            </Title>
            {who}
            {verdict.offline && <p className="door-verdict-detail">{texts.offline}</p>}
          </>
        );
        break;
      case 'already':
        content = (
          <>
            <Title icon={<Clock aria-hidden="true" className="size-9 shrink-0" />}>
              {texts.already(formatClockTime(verdict.at, timeZone))}
            </Title>
            {who}
            {verdict.by && <p className="door-verdict-detail">{texts.by(verdict.by)}</p>}
          </>
        );
        break;
      case 'invalid':
      case 'not_confirmed':
      case 'cancelled':
        content = (
          <>
            <Title icon={<CircleX aria-hidden="true" className="size-9 shrink-0" />}>
              {refusedTitle[verdict.kind]}
            </Title>
            {who}
          </>
        );
        break;
      case 'unverified':
        content = (
          <>
            <Title icon={<CircleHelp aria-hidden="true" className="size-9 shrink-0" />}>
              {texts.unverified}
            </Title>
            <p className="door-verdict-detail">{texts.unverifiedDetail}</p>
          </>
        );
        break;
      case 'refused':
        content = (
          <>
            <Title icon={<CircleX aria-hidden="true" className="size-9 shrink-0" />}>
              {texts.refused}
            </Title>
            <p className="door-verdict-detail">{verdict.message}</p>
          </>
        );
        break;
      case 'undone':
        content = (
          <>
            <Title icon={<Undo2 aria-hidden="true" className="size-9 shrink-0" />}>
              {texts.undone}
            </Title>
            {who}
          </>
        );
        break;
    }
  }

  return (
    <section aria-label={texts.label} className="door-verdict" data-kind={kind}>
      <div aria-live="assertive" aria-atomic="true">
        {/* A new element per verdict: announced, and flashed in, even when it repeats. */}
        <div
          key={checking ? 'checking' : (shown?.seq ?? 0)}
          className={shown ? 'door-verdict-new' : undefined}
        >
          {content}
        </div>
      </div>
    </section>
  );
}

function Title({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="door-verdict-title flex items-center gap-3">
      {icon}
      <span>{children}</span>
    </p>
  );
}
