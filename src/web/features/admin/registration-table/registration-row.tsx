// One registration as a row of the table view: what an organizer of hundreds scans down a column.
// Memoized: a live change re-renders only the row it touches.
import { memo } from 'react';
import { decisionLabels, formatDateTime } from '@shared/labels.ts';
import { messageChannels } from '@shared/message.schema.ts';
import { formatPhone } from '@shared/phone.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { adminTexts } from '../admin-texts.ts';
import { deliveryText } from '../delivery-status.tsx';
import { badgeVariants } from '../registration-card.tsx';
import { registrationTableTexts as texts } from './registration-table-texts.ts';

export interface RegistrationRowProps {
  registration: Registration;
  /** 0-based place in the ordered list. */
  index: number;
  /** The edition's: dates on its clocks, phones of its country in national form. */
  timeZone: string;
  phoneCountry: string;
  selected: boolean;
  onSelect(id: string, selected: boolean): void;
  measure(element: HTMLElement | null): void;
}

const cell = 'px-3 py-2 align-top';

function Messages({ registration }: { registration: Registration }) {
  const shown = messageChannels.filter((channel) => registration.delivery[channel]);
  if (shown.length === 0) return <span className="text-muted-foreground">{texts.noMessages}</span>;
  return (
    <>
      {shown.map((channel) => {
        const state = registration.delivery[channel]!;
        return (
          <span key={channel} className="block whitespace-nowrap">
            {adminTexts.messages.channels[channel]}:{' '}
            <span className={cn('font-semibold', state.status === 'failed' && 'text-destructive')}>
              {deliveryText({ status: state.status, error: null })}
            </span>
          </span>
        );
      })}
    </>
  );
}

function RegistrationRowView({
  registration,
  index,
  timeZone,
  phoneCountry,
  selected,
  onSelect,
  measure,
}: RegistrationRowProps) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-registration-id={registration.id}
      className={cn('border-b text-sm', selected && 'bg-muted')}
    >
      <td className="w-12 px-3 py-1 align-top">
        <label className="has-[:focus-visible]:ring-ring flex size-9 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:ring-2">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(registration.id, e.currentTarget.checked)}
            className="accent-primary size-5 cursor-pointer focus-visible:outline-none"
          />
          <span className="sr-only">{texts.select(registration.nome_completo)}</span>
        </label>
      </td>
      <th
        scope="row"
        className={cn(cell, 'min-w-40 text-left font-semibold [overflow-wrap:anywhere]')}
      >
        {registration.nome_completo}
      </th>
      <td className={cn(cell, 'min-w-32 [overflow-wrap:anywhere]')}>
        {registration.nome_compania}
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        {formatPhone(registration.whatsapp, phoneCountry)}
      </td>
      <td className={cell}>
        <Badge variant={badgeVariants[registration.status]}>
          {decisionLabels[registration.status]}
        </Badge>
      </td>
      <td className={cell}>
        <Messages registration={registration} />
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        {registration.checked_in_at ? (
          formatDateTime(registration.checked_in_at, timeZone)
        ) : (
          <span className="text-muted-foreground">{texts.notIn}</span>
        )}
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        {formatDateTime(registration.created_at, timeZone)}
      </td>
    </tr>
  );
}

export const RegistrationRow = memo(RegistrationRowView);
