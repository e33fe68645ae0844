// Check-ins decided without the server that the server decided otherwise (let in elsewhere first,
// a ticket cancelled meanwhile), and verdicts of earlier scans that came after a newer scan's: told
// to the door, kept until dismissed.
import { TriangleAlert, Undo2 } from 'lucide-react';
import { formatClockTime } from '@shared/labels.ts';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { doorTexts } from './door-texts.ts';
import type { Conflict } from './use-offline-queue.ts';
import type { LateVerdict } from './use-verdict.ts';
import { verdictTitle } from './verdict-panel.tsx';

const texts = doorTexts.conflicts;

export function conflictText({ action, outcome }: Conflict, timeZone: string): string {
  const ours = formatClockTime(action.request.scanned_at, timeZone);
  switch (outcome.reason) {
    case 'elsewhere':
      return texts.elsewhere(action.name, formatClockTime(outcome.at, timeZone), outcome.by, ours);
    case 'invalid':
      return texts.invalid(action.name, ours);
    case 'not_confirmed':
      return texts.notConfirmed(action.name, ours);
    case 'cancelled':
      return texts.cancelled(action.name, ours);
    case 'refused':
      return texts.refused(action.name, ours, outcome.message);
  }
}

export function lateText({ verdict }: LateVerdict, timeZone: string): string {
  const name = 'attendee' in verdict ? verdict.attendee?.nome_completo : undefined;
  return texts.late(name, verdictTitle(verdict, timeZone));
}

export interface ConflictsListProps {
  conflicts: readonly Conflict[];
  late: readonly LateVerdict[];
  /** 'Desfazer' on a late verdict's check-in. */
  onUndoLate(key: string): void;
  /** `key`: a conflict's or a late verdict's (they never share one). */
  onDismiss(key: string): void;
}

export function ConflictsList({ conflicts, late, onUndoLate, onDismiss }: ConflictsListProps) {
  const { timeZone } = useEvent();
  const items: { key: string; text: string; undo?: string }[] = [
    ...conflicts.map((conflict) => ({ key: conflict.key, text: conflictText(conflict, timeZone) })),
    ...late.map((item) => ({
      key: item.key,
      text: lateText(item, timeZone),
      undo: item.undoable && texts.undoLate(item.undoable.attendee.nome_completo),
    })),
  ];
  return (
    // Present from the start: a live region announces what is added to it.
    <section aria-live="polite" aria-label={texts.heading}>
      {items.length > 0 && (
        <div className="door-conflicts grid gap-3 p-4">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <TriangleAlert aria-hidden="true" className="text-destructive size-5 shrink-0" />
            {texts.heading}
          </h2>
          <ul role="list" className="grid gap-3">
            {items.map((item) => (
              <li key={item.key} className="flex items-start justify-between gap-3">
                <p className="text-sm">{item.text}</p>
                <div className="flex shrink-0 flex-wrap justify-end gap-2">
                  {item.undo && (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={item.undo}
                      onClick={() => onUndoLate(item.key)}
                    >
                      <Undo2 aria-hidden="true" className="size-4 shrink-0" />
                      {doorTexts.verdict.undo}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => onDismiss(item.key)}>
                    {texts.dismiss}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
