// The panel's buttons beside its title: the door accounts, and the CSV of the whole list.
import { Download, DoorOpen } from 'lucide-react';
import { buildCsv, csvFileName } from '@shared/csv.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { adminTexts } from './admin-texts.ts';
import { downloadCsv } from './download-csv.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';

export interface PanelToolbarProps {
  listState: LiveRegistrations['listState'];
  registrations: Registration[];
  accountsShown: boolean;
  onToggleAccounts(): void;
}

export function PanelToolbar({
  listState,
  registrations,
  accountsShown,
  onToggleAccounts,
}: PanelToolbarProps) {
  const event = useEvent();

  // The whole list, whatever the search shows.
  function exportCsv() {
    if (registrations.length === 0) {
      toast.warning(adminTexts.csv.noData, { description: adminTexts.csv.noDataDescription });
      return;
    }
    downloadCsv(buildCsv(registrations, event), csvFileName(event.csvPrefix, new Date()));
    toast.success(adminTexts.csv.exported, {
      description: adminTexts.csv.exportedDescription(registrations.length),
    });
  }

  return (
    <>
      <Button
        variant="outline"
        size="toolbar"
        aria-expanded={accountsShown}
        aria-controls={accountsShown ? 'contas-portaria' : undefined}
        onClick={onToggleAccounts}
      >
        <DoorOpen aria-hidden="true" className="size-4 shrink-0" />
        {adminTexts.doorAccounts.open}
      </Button>
      {/* Until the list is here, 'Nenhum dado' would be untrue: no export yet. */}
      <Button variant="outline" onClick={exportCsv} size="toolbar" disabled={listState !== 'ready'}>
        <Download aria-hidden="true" className="size-4 shrink-0" />
        {adminTexts.header.exportCsv}
      </Button>
    </>
  );
}
