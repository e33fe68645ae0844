// Which screen of the panel is shown, from the address's fragment (`/admin#evento`): the browser's
// back and forward move between screens, a reload stays on one, and switching loads no page.
import { useSyncExternalStore } from 'react';
import { withId } from '@shared/paths.ts';

/**
 * The screens, as the fragment of `/admin` (`/admin#evento`): switching screens asks the server
 * for no page, and a link (the first start's, a bookmark) can open one. Kept here, not in
 * src/shared/paths.ts: that table is in every public page's download.
 */
export const adminSections = {
  registrations: '#inscricoes',
  event: '#evento',
  editions: '#edicoes',
  /** One edition, opened: `withId(adminSections.edition, id)`. */
  edition: '#edicoes/:id',
} as const;

export type PanelSection =
  | { name: 'registrations' }
  | { name: 'event' }
  | { name: 'editions' }
  | { name: 'edition'; id: string };

const editionPrefix = adminSections.edition.replace(':id', '');

/** The screen a fragment names; the registrations for any other (none, an old bookmark). */
export function sectionFromHash(hash: string): PanelSection {
  if (hash === adminSections.event) return { name: 'event' };
  if (hash === adminSections.editions) return { name: 'editions' };
  if (hash.startsWith(editionPrefix) && hash.length > editionPrefix.length) {
    try {
      return { name: 'edition', id: decodeURIComponent(hash.slice(editionPrefix.length)) };
    } catch {
      // A malformed escape: no edition has that id.
    }
  }
  return { name: 'registrations' };
}

/** The fragment that opens a screen: what its links point to. */
export function sectionHash(section: PanelSection): string {
  return section.name === 'edition'
    ? withId(adminSections.edition, section.id)
    : adminSections[section.name];
}

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

const readHash = () => location.hash;

/** The screen shown now; follows every change of the fragment. */
export function usePanelSection(): PanelSection {
  // The panel is rendered in the browser only: the server's snapshot is never used.
  const hash = useSyncExternalStore(subscribe, readHash, () => '');
  return sectionFromHash(hash);
}
