// The panel's selection for the bulk actions, as the registrations still there; the focus goes to
// the panel's title when the bar (and its focused button) goes away.
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { hasFailure } from './registration-views.ts';
import { useBulkActions } from './use-bulk-actions.ts';
import { useSelection } from './use-selection.ts';

export function useSelectedRegistrations(
  registrations: Registration[],
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const selection = useSelection();
  // What is selected and still there (a registration deleted meanwhile drops out).
  const selectedRows = useMemo(
    () =>
      selection.selected.size === 0
        ? []
        : registrations.filter((r) => selection.selected.has(r.id)),
    [registrations, selection.selected],
  );
  const selectedFailed = useMemo(() => selectedRows.filter(hasFailure), [selectedRows]);
  // The selection as it is now, for an action that ends after ticks made while it ran.
  const selectedNow = useRef(selection.selected);
  useEffect(() => {
    selectedNow.current = selection.selected;
  }, [selection.selected]);
  function focusHeading() {
    // The bar and its focused button go away: the panel's title, without scrolling to it.
    heading.current?.focus({ preventScroll: true });
  }
  function clearSelection() {
    selection.clear();
    focusHeading();
  }
  function dropFromSelection(ids: readonly string[]) {
    const spent = new Set(ids);
    const barStays = [...selectedNow.current].some((id) => !spent.has(id));
    selection.remove(ids);
    if (!barStays) focusHeading();
  }
  const bulk = useBulkActions({ onDone: dropFromSelection });
  return { selection, selectedRows, selectedFailed, bulk, clearSelection };
}
