// The form's two questions as choices, and the 'Erro' toast's description when sending failed.
import type { ReactNode } from 'react';
import { confirmacaoLabels, levarAlguemLabels } from '@shared/labels.ts';
import {
  confirmacaoOptions,
  levarAlguemOptions,
  type Confirmacao,
  type LevarAlguem,
} from '@shared/registration.fields.ts';
import type { Choice } from './choice-group.tsx';
import { registrationTexts as texts } from './registration-texts.ts';

export const levarAlguemChoices: Choice<LevarAlguem>[] = levarAlguemOptions.map((value) => ({
  value,
  label: levarAlguemLabels[value],
}));

export const confirmacaoChoices: Choice<Confirmacao>[] = confirmacaoOptions.map((value) => ({
  value,
  label: confirmacaoLabels[value],
}));

export function failureDescription(reason?: string): ReactNode {
  if (!reason) return texts.failed;
  return (
    <>
      <span className="block">{texts.failed}</span>
      <span className="mt-1 block">{reason}</span>
    </>
  );
}
