// The form's two choices in the organizer's words, and the 'Erro' toast's description when sending failed.
import type { ReactNode } from 'react';
import type { FieldLabels } from '@shared/form-questions.ts';
import {
  confirmacaoOptions,
  levarAlguemOptions,
  type Confirmacao,
  type LevarAlguem,
} from '@shared/registration.fields.ts';
import type { Choice } from './choice-group.tsx';
import { registrationTexts as texts } from './registration-texts.ts';

/** 'Quer levar alguém?' in the organizer's words; the values stay `sim`/`nao` (issue 34.1). */
export function levarAlguemChoicesOf(labels: FieldLabels): Choice<LevarAlguem>[] {
  return levarAlguemOptions.map((value) => ({
    value,
    label: labels.levar_alguem.options[value],
  }));
}

/** 'Confirmação' in the organizer's words; the values stay `ok`/`agenda`. */
export function confirmacaoChoicesOf(labels: FieldLabels): Choice<Confirmacao>[] {
  return confirmacaoOptions.map((value) => ({ value, label: labels.confirmacao.options[value] }));
}

export function failureDescription(reason?: string): ReactNode {
  if (!reason) return texts.failed;
  return (
    <>
      <span className="block">{texts.failed}</span>
      <span className="mt-1 block">{reason}</span>
    </>
  );
}
