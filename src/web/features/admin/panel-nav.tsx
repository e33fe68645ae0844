// The bar that switches the panel's screens: plain links to fragments (`#evento`), so the browser's
// history, a middle click and a screen reader's list of links all work as on any site.
import { cn } from '@/lib/cn.ts';
import { adminTexts } from './admin-texts.ts';
import { announcementsTexts } from './announcements/announcements-texts.ts';
import { doorStaffTexts } from './door-staff/door-staff-texts.ts';
import { sectionHash, type PanelSection } from './use-panel-section.ts';

const texts = adminTexts.nav;

const entries = [
  { name: 'registrations', label: texts.registrations },
  { name: 'results', label: texts.results },
  { name: 'event', label: texts.event },
  { name: 'editions', label: texts.editions },
  { name: 'door', label: doorStaffTexts.heading },
  { name: 'announcements', label: announcementsTexts.heading },
] as const satisfies readonly { name: PanelSection['name']; label: string }[];

export function PanelNav({ section }: { section: PanelSection }) {
  // An opened edition, and its results, are part of the editions.
  const current =
    section.name === 'edition' || section.name === 'editionResults' ? 'editions' : section.name;
  return (
    <nav aria-label={texts.label} className="border-b">
      {/* Five screens do not fit a 360 px phone on one line: there the menu scrolls sideways, one
          line of the first screen (relative: the page keeps the phone's width); wider, it wraps. */}
      <ul
        role="list"
        className="relative mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-1 sm:flex-wrap sm:px-6 sm:py-2"
      >
        {entries.map(({ name, label }) => (
          <li key={name}>
            <a
              href={sectionHash({ name })}
              aria-current={current === name ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap',
                'focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none',
                current === name
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-muted',
              )}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
