// When and where the event is, as a definition list with icons: '6 de dezembro de 2025, às 7:30'.
import { CalendarDays, MapPin, type LucideIcon } from 'lucide-react';
import { formatEventTime, type EventDates } from '@shared/event.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { cn } from '@/lib/cn.ts';
import { useEvent, useEventDates } from '@/lib/event-config.ts';

interface Detail {
  icon: LucideIcon;
  term: string;
  value: string;
}

function details(event: EventSettings, dates: EventDates): Detail[] {
  return [
    {
      icon: CalendarDays,
      term: 'Quando',
      // A no-break space keeps "às 7:30" on one line.
      value: `${dates.date}, às\u00a0${formatEventTime(event)}`,
    },
    { icon: MapPin, term: 'Onde', value: `${event.venue}, ${event.city}` },
  ];
}

export function EventDetails({
  tone = 'light',
  className,
}: {
  /** `dark` on the navy header, `light` on a card. */
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const event = useEvent();
  const dates = useEventDates();
  return (
    <dl className={cn('grid gap-3', className)}>
      {details(event, dates).map(({ icon: Icon, term, value }) => (
        // Each group holds only <dt> and <dd>: the icon sits inside the term.
        <div key={term} className="relative min-h-9 pl-12">
          <dt
            className={cn(
              'text-xs font-medium tracking-wide uppercase',
              tone === 'dark' ? 'text-white/75' : 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'absolute top-0 left-0 flex size-9 items-center justify-center rounded-lg',
                tone === 'dark' ? 'bg-white/10 text-highlight' : 'bg-accent/15 text-primary',
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {term}
          </dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
