// The time zone: a combobox (downshift's, the WAI-ARIA pattern) that offers Brazil's four zones
// first, by the names Brazilians give them, finds a zone by a city's or a country's name in pt-BR
// ('Lisboa', 'Nova York') and still takes any IANA name the browser knows
// (shared/time-zone-names.ts, decision 0226); and the time it is there now, so the organizer sees
// at once whether the zone is the one they meant (docs/decisions/0116).
import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import { isTimeZone } from '@shared/event-fields.ts';
import {
  findTimeZones,
  searchable,
  timeZoneLabel,
  timeZoneOptions,
  type TimeZoneOption,
} from '@shared/time-zone-names.ts';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import type { ControlProps } from './settings-field.tsx';

let zones: readonly string[] | undefined;

/** Every zone this browser knows, read once; 'UTC' too (Chromium lists only places). */
function timeZones(): readonly string[] {
  if (!zones) {
    const listed =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = listed.includes('UTC') ? listed : [...listed, 'UTC'];
  }
  return zones;
}

/** Enough to choose from while typing; the rest is one more letter away. */
const shown = 60;

/** '14:03 (GMT-3)' in that zone now; undefined for a zone the platform does not know. */
export function timeThere(timeZone: string, now = new Date()): string | undefined {
  if (!timeZone.trim() || !isTimeZone(timeZone.trim())) return undefined;
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: timeZone.trim(),
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} (${part('timeZoneName')})`;
}

export interface TimeZoneInputProps extends ControlProps {
  value: string;
  onChange(value: string): void;
}

/** The zone a typed text names: an IANA name, or an option's label as the list shows it. */
function zoneTyped(options: readonly TimeZoneOption[], text: string): string {
  const typed = text.trim();
  if (isTimeZone(typed)) return typed;
  const key = searchable(typed);
  return options.find((option) => searchable(option.label) === key)?.zone ?? typed;
}

export function TimeZoneInput({ value, onChange, ...control }: TimeZoneInputProps) {
  const options = useMemo(() => timeZoneOptions(timeZones()), []);
  const [inputValue, setInputValue] = useState(() => timeZoneLabel(value));
  // A value set from elsewhere (the settings loaded, a reset, the first start's proposal) shows
  // by its name; one the organizer is typing stays as typed.
  const [valueShown, setValueShown] = useState(value);
  if (value !== valueShown) {
    setValueShown(value);
    if (zoneTyped(options, inputValue) !== value) setInputValue(timeZoneLabel(value));
  }
  // The box showing the saved zone's own name lists every zone; any other text is a search
  // (a text that is no zone, 'lisboa', is its own 'label' and must still be searched).
  const showsSaved = isTimeZone(value) && inputValue === timeZoneLabel(value);
  const found = useMemo(
    () => findTimeZones(options, showsSaved ? '' : inputValue),
    [options, inputValue, showsSaved],
  );
  const items = found.slice(0, shown);
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } = useCombobox({
    items,
    inputId: control.id,
    menuId: `${control.id}-lista`,
    itemToString: (item) => item?.label ?? '',
    inputValue,
    selectedItem: options.find((option) => option.zone === value) ?? null,
    onInputValueChange: ({ inputValue: typed, type }) => {
      // Typing a zone no option names leaves no selected item, and downshift would then empty
      // the box (the text of no item): what the organizer typed stays.
      const unselected = type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem;
      if (unselected && typed === '') return;
      setInputValue(typed);
      if (type === useCombobox.stateChangeTypes.InputChange) onChange(zoneTyped(options, typed));
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(selectedItem.zone);
    },
  });
  return (
    <div className="relative">
      <Input
        {...getInputProps({
          name: control.name,
          'aria-invalid': control['aria-invalid'],
          'aria-describedby': control['aria-describedby'],
          type: 'text',
          autoComplete: 'off',
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
          onFocus: (event) => event.currentTarget.select(),
        })}
      />
      <ul
        {...getMenuProps({ 'aria-label': 'Fusos horários' })}
        className={cn(
          'bg-card absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border p-1 shadow-lg',
          !(isOpen && items.length > 0) && 'hidden',
        )}
      >
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.zone}
              {...getItemProps({ item, index })}
              className={cn(
                'cursor-pointer rounded-md px-3 py-2 text-sm',
                highlightedIndex === index && 'bg-muted',
                item.zone === value && 'font-semibold',
              )}
            >
              {item.label}
            </li>
          ))}
      </ul>
    </div>
  );
}
