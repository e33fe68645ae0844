// Below the panel's title: the search box, the filter by an answer, and the list's views, with
// their 'select all' buttons and 'Cartões' / 'Tabela'.
import { SearchField } from '@/components/ui/search-field.tsx';
import { adminTexts } from './admin-texts.ts';
import { AnswerFilterSelect } from './answer-filter-select.tsx';
import { ListViews } from './list-views.tsx';
import { ListLayoutSwitch } from './registration-table/list-layout-switch.tsx';
import type { ListLayout } from './registration-table/use-list-layout.ts';
import type { RegistrationFilters } from './use-registration-filters.ts';

export interface PanelFiltersProps {
  filters: RegistrationFilters;
  /** Adds these registrations to the selection. */
  onSelect(ids: string[]): void;
  layout: ListLayout;
  onLayoutChange(layout: ListLayout): void;
}

export function PanelFilters({ filters, onSelect, layout, onLayoutChange }: PanelFiltersProps) {
  const { shown, searching, shownPending, shownFailed } = filters;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-1 px-4 pb-2 sm:px-6 sm:pb-4">
      <SearchField
        id="busca"
        texts={adminTexts.search}
        value={filters.searchTerm}
        onChange={filters.setSearchTerm}
        result={searching && shown.length > 0 ? adminTexts.search.found(shown.length) : ''}
      />
      <AnswerFilterSelect
        groups={filters.answerGroups}
        value={filters.answer}
        onChange={filters.setAnswer}
      />
      <ListViews
        view={filters.view}
        onViewChange={filters.setView}
        counts={filters.viewCounts}
        sending={filters.sending}
        shownPending={shownPending.length}
        shownFailed={shownFailed.length}
        onSelectPending={() => onSelect(shownPending.map((r) => r.id))}
        onSelectFailed={() => onSelect(shownFailed.map((r) => r.id))}
        aside={<ListLayoutSwitch layout={layout} onChange={onLayoutChange} />}
      />
    </div>
  );
}
