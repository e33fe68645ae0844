// A search box that filters as one types: the panel's list and the door's. The lists render only
// part of what they hold, so the browser's own find-in-page cannot see the rest.
import { Search, X } from 'lucide-react';
import { useRef } from 'react';
import { Input } from '@/components/ui/input.tsx';

export interface SearchFieldProps {
  /** The input's id; the result line's is derived from it. */
  id: string;
  texts: { label: string; placeholder: string; clear: string };
  value: string;
  onChange(value: string): void;
  /** What the search found, for the line under the box (and screen readers); '' for nothing. */
  result: string;
}

export function SearchField({ id: inputId, texts, value, onChange, result }: SearchFieldProps) {
  const resultId = `${inputId}-resultado`;
  const input = useRef<HTMLInputElement>(null);

  function clear() {
    onChange('');
    input.current?.focus();
  }

  return (
    <div role="search" className="grid w-full max-w-xl gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {texts.label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
        />
        <Input
          ref={input}
          id={inputId}
          type="search"
          value={value}
          placeholder={texts.placeholder}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby={result ? resultId : undefined}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && value) {
              e.preventDefault();
              onChange('');
            }
          }}
          // Our own clear button replaces the browser's, which is small and not on every phone.
          className="pr-11 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {value && (
          <button
            type="button"
            onClick={clear}
            aria-label={texts.clear}
            title={texts.clear}
            className="text-muted-foreground hover:text-foreground focus-visible:ring-ring absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-lg focus-visible:ring-2 focus-visible:outline-none"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <p id={resultId} role="status" className="text-muted-foreground min-h-5 text-sm">
        {result}
      </p>
    </div>
  );
}
