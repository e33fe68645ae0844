// What every section of the 'Evento' form gets from the form, and the two helpers its plain fields
// are written with: a labelled field, and a control bound to its value.
import type { ReactNode } from 'react';
import { eventFieldLabels as labels } from '@shared/event-fields.ts';
import { SettingsField } from './settings-field.tsx';
import type {
  SettingsField as Field,
  SettingsFieldErrors,
  SettingsFormValues,
} from './settings-form-values.ts';

export interface SectionProps {
  values: SettingsFormValues;
  errors: SettingsFieldErrors;
  update(field: Field, value: string): void;
}

export function sectionFields({ values, errors, update }: SectionProps) {
  /** The props every field's control carries, and its value and change. */
  const bind = (field: Field) => ({
    value: values[field],
    onChange: (e: { target: { value: string } }) => update(field, e.target.value),
  });
  const field = (
    name: Field,
    render: Parameters<typeof SettingsField>[0]['children'],
    help?: ReactNode,
  ) => (
    <SettingsField name={name} label={labels[name]} error={errors[name]} help={help}>
      {render}
    </SettingsField>
  );
  return { bind, field };
}
