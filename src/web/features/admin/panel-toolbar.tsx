// The panel's buttons beside its title: the CSV of the whole list. (The door accounts have a
// screen of their own in the top menu: door-staff/.)
import { Download } from 'lucide-react';
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
}

export function PanelToolbar({ listState, registrations }: PanelToolbarProps) {
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
      {/* Until the list is here, 'Nenhum dado' would be untrue: no export yet. */}
      <Button variant="outline" onClick={exportCsv} size="toolbar" disabled={listState !== 'ready'}>
        <Download aria-hidden="true" className="size-4 shrink-0" />
        {adminTexts.header.exportCsv}
      </Button>
    </>
  );
}
