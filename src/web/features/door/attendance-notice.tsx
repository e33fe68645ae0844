// Door staff practising before the event, or scanning after it, are told at once that what they
// let in now is no attendance (decision 0212): the door works the same, 'Resultados' leaves it out.
import { CalendarClock } from 'lucide-react';
import { eventDayMonth } from '@shared/attendance-window.ts';
import { useEvent } from '@/lib/event-config.ts';
import { doorTexts } from './door-texts.ts';
import { useAttendancePhase } from './use-attendance-phase.ts';

export function AttendanceNotice() {
  const event = useEvent();
  const phase = useAttendancePhase(event);
  if (phase === 'during') return null;
  const dayMonth = eventDayMonth(event);
  return (
    <p className="bg-warning text-warning-foreground flex items-start gap-2 rounded-lg p-3 text-sm font-semibold">
      <CalendarClock aria-hidden="true" className="size-5 shrink-0" />
      {phase === 'before'
        ? doorTexts.attendance.before(dayMonth)
        : doorTexts.attendance.after(dayMonth)}
    </p>
  );
}
