// The 'Formulário' section's state: the three settings read from the form's values, the changes
// made to them written back as JSON, and where the keyboard's focus goes after a change the
// button it was on does not survive (a question moved to an end, removed, added).
import { useLayoutEffect, useRef, useState } from 'react';
import type { FieldLabels, FormFields, FormQuestion } from '@shared/form-questions.ts';
import type { SettingsField } from '../settings-form-values.ts';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';
import {
  heldForm,
  moved,
  newQuestion,
  replaced,
  shownQuestions,
  withoutOption,
  withoutQuestion,
} from './held-form.ts';
import type { RemovalTarget } from './use-question-removal.ts';

export interface FormQuestionsProps {
  values: Record<'fields' | 'fieldLabels' | 'questions', string>;
  update(field: SettingsField, value: string): void;
}

/** The element a question's part is, for the focus: `<question id>:<part>`. */
export type ControlKey = `${string}:${'up' | 'down' | 'label' | 'add-option'}` | 'add';

export function useFormQuestions({ values, update }: FormQuestionsProps) {
  const held = heldForm(values);
  const controls = useRef(new Map<ControlKey, HTMLElement>());
  const focusAfter = useRef<ControlKey | null>(null);
  const focused = useRef<ControlKey | null>(null);
  /** Said to screen readers after a move: where the question is now. */
  const [announcement, setAnnouncement] = useState('');

  // After the render that placed it, the control that keeps the focus gets it.
  useLayoutEffect(() => {
    if (focusAfter.current === null) return;
    controls.current.get(focusAfter.current)?.focus();
    focused.current = focusAfter.current;
    focusAfter.current = null;
  });

  /** The focus back on the control the last change gave it to (a dialog took it meanwhile). */
  function refocus() {
    if (focused.current) controls.current.get(focused.current)?.focus();
  }

  /** A ref callback that keeps the element for the focus. */
  const control = (key: ControlKey) => (element: HTMLElement | null) => {
    if (element) controls.current.set(key, element);
    else controls.current.delete(key);
  };

  const setQuestions = (next: FormQuestion[]) => update('questions', JSON.stringify(next));

  function move(question: FormQuestion, step: -1 | 1) {
    const next = moved(held.questions, question.id, step);
    const shown = shownQuestions(next);
    const place = shown.findIndex((s) => s.question.id === question.id);
    // Its button stays under the keyboard; at an end that button is off, so the other one.
    const atEnd = step === -1 ? place === 0 : place === shown.length - 1;
    const direction = (step === -1) !== atEnd ? 'up' : 'down';
    focusAfter.current = `${question.id}:${direction}`;
    setQuestions(next);
    setAnnouncement(texts.moved(question.label || texts.untitled, place + 1, shown.length));
  }

  function add() {
    const question = newQuestion();
    focusAfter.current = `${question.id}:label`;
    setQuestions([...held.questions, question]);
  }

  function change(question: FormQuestion) {
    setQuestions(replaced(held.questions, question));
  }

  function applyRemoval(target: RemovalTarget, answered: number) {
    if (target.option) {
      focusAfter.current = `${target.question.id}:add-option`;
      const current = held.questions.find((q) => q.id === target.question.id) ?? target.question;
      change(withoutOption(current, target.option.id, answered));
    } else {
      focusAfter.current = 'add';
      setQuestions(withoutQuestion(held.questions, target.question.id, answered));
    }
  }

  return {
    ...held,
    shown: shownQuestions(held.questions),
    setFields: (next: FormFields) => update('fields', JSON.stringify(next)),
    setLabels: (next: FieldLabels) => update('fieldLabels', JSON.stringify(next)),
    move,
    add,
    change,
    applyRemoval,
    control,
    refocus,
    announcement,
  };
}

export type FormQuestionsState = ReturnType<typeof useFormQuestions>;
