// WhatsApp: a country picker beside the number. The picker is a native <select> laid over a
// compact 'US +1' box, so phones open their own list and the row still fits 360 px. Its list is
// filled when the visitor reaches for it (country-list.ts); React sets only its value.
import { ChevronDown } from 'lucide-react';
import type { CountryCode } from '@shared/phone.ts';
import { useEffect, useRef, type ChangeEvent, type Ref } from 'react';
import options from 'virtual:country-options';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import {
  allCountriesHtml,
  countrySelectName,
  defaultCountryHtml,
  onReachForPicker,
  showAllCountries,
} from './country-list.ts';
import { describedBy, FieldError, FieldLabel, helpId } from './form-field.tsx';

const byCode = new Map(options.map((option) => [option.code, option]));

interface PhoneFieldProps {
  number: string;
  country: CountryCode;
  /** The event's phone country: the one option the server renders. */
  defaultCountry: CountryCode;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Every country in the list from the start: a page without script (decision 0209). */
  allCountries?: boolean;
  onNumberChange(value: string): void;
  onCountryChange(country: CountryCode): void;
}

export function PhoneField({
  number,
  country,
  defaultCountry,
  error,
  disabled,
  inputRef,
  allCountries = false,
  onNumberChange,
  onCountryChange,
}: PhoneFieldProps) {
  const selected = byCode.get(country);
  const selectRef = useRef<HTMLSelectElement>(null);
  // A country chosen other than on the picker (a draft brought back) needs its option there.
  useEffect(() => {
    const select = selectRef.current!;
    if (select.value === country) return;
    showAllCountries(select);
    select.value = country;
  }, [country]);
  return (
    <div className="grid gap-1.5">
      <FieldLabel htmlFor="whatsapp" required>
        WhatsApp
      </FieldLabel>
      <div className="flex gap-2">
        <div
          className={cn(
            'border-input bg-card relative flex h-11 w-[6.25rem] shrink-0 items-center justify-between gap-1 rounded-lg border pr-2 pl-3',
            'focus-within:ring-ring focus-within:ring-2',
          )}
        >
          <span aria-hidden="true" className="text-base font-medium tabular-nums">
            {country} +{selected?.callingCode}
          </span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground size-4" />
          <label htmlFor={countrySelectName} className="sr-only">
            País do WhatsApp
          </label>
          <select
            ref={selectRef}
            id={countrySelectName}
            name={countrySelectName}
            value={country}
            disabled={disabled}
            onChange={(e: ChangeEvent<HTMLSelectElement>) =>
              onCountryChange(e.target.value as CountryCode)
            }
            // Before the list opens: the list fills in (a page the app rendered has no entry
            // script doing it).
            onFocus={onReachForPicker}
            onPointerDown={onReachForPicker}
            onMouseDown={onReachForPicker}
            onTouchStart={onReachForPicker}
            onKeyDown={onReachForPicker}
            // The options are not React's: the default alone, then every country once reached.
            dangerouslySetInnerHTML={{
              __html: allCountries ? allCountriesHtml(country) : defaultCountryHtml(defaultCountry),
            }}
            className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
          />
        </div>
        <Input
          ref={inputRef}
          id="whatsapp"
          name="whatsapp"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          value={number}
          onChange={(e) => onNumberChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('whatsapp', { help: true, error })}
          className="min-w-0 flex-1"
        />
      </div>
      <p id={helpId('whatsapp')} className="text-muted-foreground text-sm">
        Com DDD. É por este número que você vai receber o seu ingresso.
      </p>
      <FieldError name="whatsapp" message={error} />
    </div>
  );
}
