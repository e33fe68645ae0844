import { honeypotField } from '@shared/registration.fields.ts';

/** The honeypot: off-screen and hidden from assistive technology, so only bots fill it. */
export function FormHoneypot({
  value,
  onChange,
}: {
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={honeypotField}>Deixe este campo vazio</label>
      <input
        id={honeypotField}
        name={honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
