// Whether entries made now count as attendance (decision 0212), kept right while the screen stays
// open: a door opened the evening before turns to 'during' when the window opens, with no reload.
import { useEffect, useMemo, useState } from 'react';
import {
  attendancePhase,
  attendanceWindow,
  type AttendanceEvent,
} from '@shared/attendance-window.ts';

// setTimeout's longest wait; a window further off is looked at again then.
const longestWait = 2 ** 31 - 1;

export function useAttendancePhase(event: AttendanceEvent): 'before' | 'during' | 'after' {
  const { date, time, timeZone, durationMinutes } = event;
  const window = useMemo(
    () => attendanceWindow({ date, time, timeZone, durationMinutes }),
    [date, time, timeZone, durationMinutes],
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const current = Date.now();
    // The settings changed since `now` was read (the event moved): read the clock again at once.
    const stale = attendancePhase(window, current) !== attendancePhase(window, now);
    const edge = [Date.parse(window.from), Date.parse(window.to) + 1].find((at) => at > current);
    if (!stale && edge === undefined) return;
    const wait = stale ? 0 : Math.min(edge! - current, longestWait);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [window, now]);
  return attendancePhase(window, now);
}
