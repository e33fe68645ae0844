// The bar that switches the panel's screens: plain links to fragments (`#evento`), so the browser's
// history, a middle click and a screen reader's list of links all work as on any site.
import { cn } from '@/lib/cn.ts';
import { adminTexts } from './admin-texts.ts';
import { sectionHash, type PanelSection } from './use-panel-section.ts';

const texts = adminTexts.nav;

const entries = [
  { name: 'registrations', label: texts.registrations },
  { name: 'event', label: texts.event },
  { name: 'editions', label: texts.editions },
] as const satisfies readonly { name: PanelSection['name']; label: string }[];

export function PanelNav({ section }: { section: PanelSection }) {
  // An opened edition is part of the editions.
  const current = section.name === 'edition' ? 'editions' : section.name;
  return (
    <nav aria-label={texts.label} className="border-b">
      <ul role="list" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 sm:px-4">
        {entries.map(({ name, label }) => (
          <li key={name}>
            <a
              href={sectionHash({ name })}
              aria-current={current === name ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
                'focus-visible:ring-ring rounded-t-md focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset',
                current === name
                  ? 'border-primary text-foreground'
                  : 'text-muted-foreground hover:text-foreground border-transparent',
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
