// Keeps the keyboard in the list when the card that holds the focus leaves what is shown: confirmed
// under 'Pendentes', cancelled, deleted or changed on another panel. The browser would drop the
// focus on the page itself (a keyboard or screen-reader user back at the top); it goes instead to
// the card that took its place (the next one), else the last one, else the panel's title.
import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

interface Focused {
  id: string;
  element: HTMLElement;
}

/** A card's first control: its selection box, named after the person. */
function focusCard(list: HTMLElement, id: string): boolean {
  const control = list.querySelector<HTMLElement>(
    `li[data-registration-id="${CSS.escape(id)}"] input[type="checkbox"]`,
  );
  control?.focus({ preventScroll: true });
  return control !== null && document.activeElement === control;
}

export function useKeptFocus(
  shown: readonly { id: string }[],
  list: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
) {
  const focused = useRef<Focused | null>(null);
  const before = useRef(shown);

  useLayoutEffect(() => {
    const previous = before.current;
    before.current = shown;
    const held = focused.current;
    if (!held || previous === shown || held.element.isConnected) return;
    // The focus went somewhere on purpose, or the card is still listed (scrolled out of the window).
    const active = document.activeElement;
    if ((active && active !== document.body) || shown.some((r) => r.id === held.id)) return;
    focused.current = null;
    const index = Math.min(
      previous.findIndex((r) => r.id === held.id),
      shown.length - 1,
    );
    const next = shown[index];
    if (!(next && list.current && focusCard(list.current, next.id))) {
      fallback.current?.focus({ preventScroll: true });
    }
  }, [shown, list, fallback]);

  /** For the list's onFocus: which card holds the focus. */
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const element = event.target;
    const id = element.closest<HTMLElement>('[data-registration-id]')?.dataset.registrationId;
    focused.current = id === undefined ? null : { id, element };
  }, []);

  /** For the list's onBlur: focus that moves elsewhere, or stays behind on a card still there. */
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const held = focused.current;
    if (event.relatedTarget !== null) {
      if (!event.currentTarget.contains(event.relatedTarget as Node)) focused.current = null;
      return;
    }
    // Nothing took the focus. Its button turned busy ('Confirmando...', disabled: the browser
    // drops the focus): kept, decided now, for the button is usable again before its card leaves
    // the list (the confirmation's answer renders before the list it changes).
    if (!held || held.element.matches(':disabled')) return;
    // The card is leaving (kept), or a click on the page's background or another window (the
    // control is still there, usable, after this frame: forgotten).
    requestAnimationFrame(() => {
      if (focused.current === held && held.element.isConnected) focused.current = null;
    });
  }, []);

  return { onFocus, onBlur };
}
