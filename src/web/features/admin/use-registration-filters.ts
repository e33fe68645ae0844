// Which registrations the panel's list shows: the chosen view ('Pendentes', 'Com falha'…), an
// answer to the organizer's questions ('Tamanho da camiseta: M', issue 34.4) and the search box,
// combined.
import { useDeferredValue, useMemo, useState } from 'react';
import type { FormQuestion } from '@shared/form-questions.ts';
import type { MessageChannel } from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { answerFilterGroups, filterByAnswer } from './answer-filter.ts';
import { answerFilterTexts } from './answer-filter-select.tsx';
import { filterRegistrations } from './registration-search.ts';
import {
  countViews,
  deliveryViews,
  filterByView,
  hasFailure,
  type ListView,
} from './registration-views.ts';

/** The promoted (oldest promotion first), then the others in their order. */
function promotedFirst(rows: Registration[]): Registration[] {
  const promoted = rows
    .filter((r) => r.promoted_at !== null)
    .sort((a, b) => (a.promoted_at! < b.promoted_at! ? -1 : 1));
  return promoted.length === 0
    ? rows
    : [...promoted, ...rows.filter((r) => r.promoted_at === null)];
}

export function useRegistrationFilters(
  registrations: Registration[],
  channels: readonly MessageChannel[],
  questions: readonly FormQuestion[] = [],
) {
  const [searchTerm, setSearchTerm] = useState('');
  const answerGroups = useMemo(() => answerFilterGroups(questions, answerFilterTexts), [questions]);
  const [chosenAnswer, setAnswer] = useState('');
  // An option no longer among the questions (another edition, a question removed) filters nothing.
  const answer = answerGroups.some((g) => g.options.some((o) => o.value === chosenAnswer))
    ? chosenAnswer
    : '';
  const sending = channels.length > 0;
  const [chosenView, setView] = useState<ListView>('all');
  // A view about messages means nothing once no channel sends.
  const view = sending || !deliveryViews.has(chosenView) ? chosenView : 'all';
  const viewCounts = useMemo(() => countViews(registrations, channels), [registrations, channels]);
  const viewed = useMemo(() => {
    const rows = filterByAnswer(filterByView(registrations, view, channels), answer);
    // Those a freed seat brought back from the waiting list head the pending queue (0130).
    return view === 'pending' ? promotedFirst(rows) : rows;
  }, [registrations, view, channels, answer]);
  // Typing stays fluid with 10,000 rows: the list follows the box a moment later.
  const deferredTerm = useDeferredValue(searchTerm);
  const shownTerm = deferredTerm.trim();
  const shown = useMemo(() => filterRegistrations(viewed, deferredTerm), [viewed, deferredTerm]);
  const searching = shown !== registrations;
  const shownPending = useMemo(() => shown.filter((r) => r.status === 'pending'), [shown]);
  const shownFailed = useMemo(() => (sending ? shown.filter(hasFailure) : []), [shown, sending]);
  return {
    searchTerm,
    setSearchTerm,
    view,
    setView,
    viewCounts,
    answerGroups,
    answer,
    setAnswer,
    sending,
    /** What the list shows, and the search term it was filtered with. */
    shown,
    shownTerm,
    searching,
    shownPending,
    shownFailed,
  };
}

export type RegistrationFilters = ReturnType<typeof useRegistrationFilters>;
