// What the 'Evento' form shows: the values typed, their errors, and the draft that keeps them
// (settings-draft.ts) until they are saved. Settings saved elsewhere meanwhile (another tab,
// another organizer, heard on the live stream) show at once in the fields not being edited.
import { useEffect, useState } from 'react';
import { eventSettingsFields, type EventSettings } from '@shared/event-settings.schema.ts';
import { clearSettingsDraft, readSettingsDraft, writeSettingsDraft } from './settings-draft.ts';
import {
  differs,
  followSaved,
  formValues,
  typedSince,
  type SettingsField as Field,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from './settings-form-values.ts';

/**
 * The draft this tab kept, laid over the settings saved since it was typed (another organizer's
 * save, a new edition): the fields it did not change show what is saved now (decision 0163).
 * Null when there is none, or it changes nothing any more.
 */
function restoreDraft(
  settings: EventSettings,
): { values: SettingsFormValues; savedElsewhere: boolean } | null {
  const draft = readSettingsDraft(eventSettingsFields);
  if (draft === null) return null;
  const values = followSaved(draft.values, draft.base, settings);
  if (!differs(values, settings)) return null;
  return { values, savedElsewhere: differs(formValues(draft.base), settings) };
}

/** `saving`: this form's save is on its way (its echo on the live stream is not another's). */
export function useSettingsDraft(settings: EventSettings, saving: boolean) {
  const [restored, setRestored] = useState(() => restoreDraft(settings));
  const [values, setValues] = useState<SettingsFormValues>(
    () => restored?.values ?? formValues(settings),
  );
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  // The settings the values were started from; when others arrive (saved elsewhere, or this
  // form's own save), the fields still showing the old ones take the new.
  const [shownSettings, setShownSettings] = useState(settings);
  const [savedElsewhere, setSavedElsewhere] = useState(restored?.savedElsewhere ?? false);
  /** What this form's last save stored: its echo on the live stream is not another's save. */
  const [lastSaved, setLastSaved] = useState<EventSettings | null>(null);
  if (settings !== shownSettings) {
    const followed = followSaved(values, shownSettings, settings);
    setShownSettings(settings);
    setValues(followed);
    // What the organizer is typing stays: say why the other fields moved (not for this form's own
    // save, which the live stream may announce before the PUT answers, or after).
    const ownSave = lastSaved !== null && !differs(formValues(lastSaved), settings);
    if (differs(followed, settings) && !saving && !ownSave) setSavedElsewhere(true);
  }
  const unsaved = differs(values, settings);

  // The draft follows the form: kept while it differs from what is saved.
  useEffect(() => {
    if (unsaved) writeSettingsDraft({ values, base: shownSettings });
    else clearSettingsDraft();
  }, [values, unsaved, shownSettings]);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  function discard() {
    setValues(formValues(settings));
    setErrors({});
    setRestored(null);
    setSavedElsewhere(false);
  }

  /** This form's save answered: what was typed while it was on its way stays. */
  function keepSaved(saved: EventSettings, sent: SettingsFormValues) {
    setLastSaved(saved);
    setValues((current) => typedSince(current, sent, formValues(saved)));
    setRestored(null);
    setSavedElsewhere(false);
    clearSettingsDraft();
  }

  return {
    values,
    errors,
    setErrors,
    update,
    /** A draft from before was brought back. */
    restored: restored !== null,
    savedElsewhere,
    unsaved,
    /** The saved settings the values were typed over. */
    base: shownSettings,
    discard,
    keepSaved,
  };
}

export type SettingsDraftState = ReturnType<typeof useSettingsDraft>;
