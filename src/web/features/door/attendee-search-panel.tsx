// Someone without their phone: found by name or company, in whatever state, let in with one tap if
// confirmed; someone already in can have the entry taken back here, whoever let them in.
import { useId, useMemo, useState } from 'react';
import { formatClockTime } from '@shared/labels.ts';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { useEvent } from '@/lib/event-config.ts';
import type { Attendee } from './attendees.ts';
import { searchAttendees } from './attendee-search.ts';
import { doorTexts } from './door-texts.ts';

const texts = doorTexts.search;

export interface AttendeeSearchPanelProps {
  attendees: readonly Attendee[];
  onCheckIn(attendee: Attendee): void;
  onUndo(attendee: Attendee): void;
}

export function AttendeeSearchPanel({ attendees, onCheckIn, onUndo }: AttendeeSearchPanelProps) {
  const [term, setTerm] = useState('');
  // A few milliseconds over 10,000 people, and a handful of rows: in step with every keystroke.
  const { shown, total } = useMemo(() => searchAttendees(attendees, term), [attendees, term]);
  const trimmed = term.trim();
  const result = !trimmed
    ? ''
    : total === 0
      ? texts.none(trimmed)
      : texts.found(total, shown.length);

  return (
    <div className="grid gap-2">
      <SearchField
        id="busca-portaria"
        texts={texts}
        value={term}
        onChange={setTerm}
        result={result}
      />
      {shown.length > 0 && (
        <ul role="list" className="grid gap-2">
          {shown.map((attendee) => (
            <SearchResult
              key={attendee.id}
              attendee={attendee}
              onCheckIn={onCheckIn}
              onUndo={onUndo}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function SearchResult({
  attendee,
  onCheckIn,
  onUndo,
}: {
  attendee: Attendee;
  onCheckIn(a: Attendee): void;
  onUndo(a: Attendee): void;
}) {
  const { timeZone } = useEvent();
  const nameId = useId();
  const stateId = useId();
  const confirmed = attendee.status === 'confirmed';
  const state = !confirmed
    ? texts.notConfirmed[attendee.status as keyof typeof texts.notConfirmed]
    : attendee.checked_in_at
      ? texts.checkedInAt(formatClockTime(attendee.checked_in_at, timeZone))
      : texts.notYet;
  return (
    <li className="bg-card flex items-center justify-between gap-3 rounded-lg border p-4">
      <div className="min-w-0">
        <p id={nameId} className="font-semibold [overflow-wrap:anywhere]">
          {attendee.nome_completo}
        </p>
        <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
          {attendee.nome_compania}
        </p>
        <p id={stateId} className="text-sm font-medium">
          {state}
        </p>
      </div>
      {confirmed && (
        <Button
          size="sm"
          variant={attendee.checked_in_at ? 'outline' : 'success'}
          className="shrink-0"
          aria-describedby={`${nameId} ${stateId}`}
          onClick={() => (attendee.checked_in_at ? onUndo(attendee) : onCheckIn(attendee))}
        >
          {attendee.checked_in_at ? texts.undo : texts.checkIn}
        </Button>
      )}
    </li>
  );
}
