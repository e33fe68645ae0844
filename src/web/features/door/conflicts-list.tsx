// Check-ins decided without the server that the server decided otherwise (let in elsewhere first,
// a ticket cancelled meanwhile): told to the door, kept until dismissed.
import { TriangleAlert } from 'lucide-react';
import { formatClockTime } from '@shared/labels.ts';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { doorTexts } from './door-texts.ts';
import type { Conflict } from './use-offline-queue.ts';

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
    case 'refused':
      return texts.refused(action.name, ours);
  }
}

export interface ConflictsListProps {
  conflicts: readonly Conflict[];
  onDismiss(key: string): void;
}

export function ConflictsList({ conflicts, onDismiss }: ConflictsListProps) {
  const { timeZone } = useEvent();
  return (
    // Present from the start: a live region announces what is added to it.
    <section aria-live="polite" aria-label={texts.heading}>
      {conflicts.length > 0 && (
        <div className="door-conflicts grid gap-3 p-4">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <TriangleAlert aria-hidden="true" className="text-destructive size-5 shrink-0" />
            {texts.heading}
          </h2>
          <ul role="list" className="grid gap-3">
            {conflicts.map((conflict) => (
              <li key={conflict.key} className="flex items-start justify-between gap-3">
                <p className="text-sm">{conflictText(conflict, timeZone)}</p>
                <Button
                  size="sm"
                  variant="outline"
                  className="shrink-0"
                  onClick={() => onDismiss(conflict.key)}
                >
                  {texts.dismiss}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
