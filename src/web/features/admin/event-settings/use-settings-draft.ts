// What the 'Evento' form shows: the values typed, their errors, and the draft that keeps them
// (settings-draft.ts) until they are saved. Settings saved elsewhere meanwhile (another tab,
// another organizer, heard on the live stream) show at once in the fields not being edited, and
// the version a save names moves with them unless they changed a field typed here (decision 0196).
import { useEffect, useState } from 'react';
import { eventSettingsFields, type EventSettings } from '@shared/event-settings.schema.ts';
import type { VersionedSettings } from '../admin-api.ts';
import { followVersion, type SaveVersion } from './save-version.ts';
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
  current: VersionedSettings,
): { values: SettingsFormValues; savedElsewhere: boolean; saveVersion: SaveVersion } | null {
  const { settings } = current;
  const draft = readSettingsDraft(eventSettingsFields);
  if (draft === null) return null;
  const values = followSaved(draft.values, draft.base, settings);
  if (!differs(values, settings)) return null;
  // A draft kept by an older panel knows no version: it saves as that panel did (0163).
  const kept = draft.saveVersion ?? { version: null, behind: false };
  return {
    values,
    savedElsewhere: differs(formValues(draft.base), settings),
    saveVersion: draft.saveVersion ? followVersion(kept, draft.values, draft.base, current) : kept,
  };
}

/** `saving`: this form's save is on its way (its echo on the live stream is not another's). */
export function useSettingsDraft(current: VersionedSettings, saving: boolean) {
  const { settings } = current;
  const [restored, setRestored] = useState(() => restoreDraft(current));
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
  /** What a save names in If-Match: the version the values were typed over (decision 0196). */
  const [saveVersion, setSaveVersion] = useState<SaveVersion>(
    () => restored?.saveVersion ?? { version: current.version, behind: false },
  );
  const [shownVersion, setShownVersion] = useState(current.version);
  if (settings !== shownSettings || current.version !== shownVersion) {
    const followed = followSaved(values, shownSettings, settings);
    setShownSettings(settings);
    setShownVersion(current.version);
    setValues(followed);
    // What the organizer is typing stays: say why the other fields moved (not for this form's own
    // save, which the live stream may announce before the PUT answers, or after).
    const ownSave = lastSaved !== null && !differs(formValues(lastSaved), settings);
    if (differs(followed, settings) && !saving && !ownSave) setSavedElsewhere(true);
    // This form's own save sets its version when it answers.
    if (!saving && !ownSave)
      setSaveVersion(followVersion(saveVersion, values, shownSettings, current));
  }
  const unsaved = differs(values, settings);

  // The draft follows the form: kept while it differs from what is saved.
  useEffect(() => {
    if (unsaved) writeSettingsDraft({ values, base: shownSettings, saveVersion });
    else clearSettingsDraft();
  }, [values, unsaved, shownSettings, saveVersion]);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      // A question's parts are named apart ('questions.2.label'): all of them go with the list.
      const cleared = Object.keys(current).filter(
        (key) => key === field || (field === 'questions' && key.startsWith('questions.')),
      );
      if (cleared.length === 0) return current;
      return Object.fromEntries(
        Object.entries(current).filter(([key]) => !cleared.includes(key)),
      ) as SettingsFieldErrors;
    });
  }

  function discard() {
    setValues(formValues(settings));
    setErrors({});
    setRestored(null);
    setSavedElsewhere(false);
  }

  /** This form's save answered: what was typed while it was on its way stays. */
  function keepSaved(saved: VersionedSettings, sent: SettingsFormValues) {
    setLastSaved(saved.settings);
    setSaveVersion({ version: saved.version, behind: false });
    setValues((current) => typedSince(current, sent, formValues(saved.settings)));
    setRestored(null);
    setSavedElsewhere(false);
    clearSettingsDraft();
  }

  /** A save was refused as settings_changed: the version stays behind until `rebase`. */
  function fallBehind() {
    setSaveVersion((current) => ({ ...current, behind: true }));
  }

  /**
   * 'Recarregar': the settings read now under what was typed (the fields not typed show them), and
   * their version the one a save names: saving is then a choice made knowing.
   */
  function rebase(fresh: VersionedSettings) {
    const followed = followSaved(values, shownSettings, fresh.settings);
    setShownSettings(fresh.settings);
    setShownVersion(fresh.version);
    setValues(followed);
    setSaveVersion({ version: fresh.version, behind: false });
    if (differs(followed, fresh.settings)) setSavedElsewhere(true);
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
    saveVersion,
    discard,
    keepSaved,
    fallBehind,
    rebase,
  };
}

export type SettingsDraftState = ReturnType<typeof useSettingsDraft>;
