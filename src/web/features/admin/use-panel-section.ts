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
  /** What happened at the event: who came, the no-shows, the cancelled, arrivals over time. */
  results: '#resultados',
  event: '#evento',
  editions: '#edicoes',
  /** The door: its address and QR code, and the door staff's accounts. */
  door: '#portaria',
  /** 'Avisar inscritos': news to the people registered (issue 35.4). */
  announcements: '#avisos',
  /** One edition, opened: `withId(adminSections.edition, id)`. */
  edition: '#edicoes/:id',
  /** One edition's results: `withId(adminSections.editionResults, id)`. */
  editionResults: '#edicoes/:id/resultados',
} as const;

export type PanelSection =
  | { name: 'registrations' }
  | { name: 'event' }
  | { name: 'editions' }
  | { name: 'door' }
  | { name: 'announcements' }
  | { name: 'edition'; id: string }
  | { name: 'results' }
  | { name: 'editionResults'; id: string };

const editionPrefix = adminSections.edition.replace(':id', '');
const resultsSuffix = adminSections.editionResults.replace(adminSections.edition, '');

/** The screen a fragment names; the registrations for any other (none, an old bookmark). */
export function sectionFromHash(hash: string): PanelSection {
  if (hash === adminSections.event) return { name: 'event' };
  if (hash === adminSections.editions) return { name: 'editions' };
  if (hash === adminSections.results) return { name: 'results' };
  if (hash === adminSections.door) return { name: 'door' };
  if (hash === adminSections.announcements) return { name: 'announcements' };
  if (hash.startsWith(editionPrefix) && hash.length > editionPrefix.length) {
    // The id is escaped (a '/' in it is '%2F'): a '/resultados' after it is the results'.
    const rest = hash.slice(editionPrefix.length);
    const results = rest.endsWith(resultsSuffix) && rest.length > resultsSuffix.length;
    try {
      const id = decodeURIComponent(results ? rest.slice(0, -resultsSuffix.length) : rest);
      return results ? { name: 'editionResults', id } : { name: 'edition', id };
    } catch {
      // A malformed escape: no edition has that id.
    }
  }
  return { name: 'registrations' };
}

/** The fragment that opens a screen: what its links point to. */
export function sectionHash(section: PanelSection): string {
  switch (section.name) {
    case 'edition':
      return withId(adminSections.edition, section.id);
    case 'editionResults':
      return withId(adminSections.editionResults, section.id);
    default:
      return adminSections[section.name];
  }
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
