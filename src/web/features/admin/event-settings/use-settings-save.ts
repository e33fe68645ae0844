// 'Salvar' on the 'Evento' form: checked with the shared schema before it is sent, asked first
// when it would erase registrations, and answered field by field by the server; sent over the
// version it was typed over, and refused when someone else saved a field typed here meanwhile
// (decisions 0215, 0196).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import {
  eventSettingsSchema,
  eventSettingsFields,
  type EventSettings,
} from '@shared/event-settings.schema.ts';
import { fieldErrors, type Registration } from '@shared/registration.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, errorCode, isUnauthorized } from '@/lib/api-client.ts';
import { fetchEventSettings, saveEventSettings, type VersionedSettings } from '../admin-api.ts';
import { editionsKey } from '../editions/editions-keys.ts';
import { useSetEventSettings } from '../use-event-settings.ts';
import { capacityWarning, type SeatsTaken } from './capacity-warning.ts';
import { erasedBySaving } from './erasure-warning.ts';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { followVersion, type SaveVersion } from './save-version.ts';
import {
  formValues,
  mergeSaved,
  placeErrors,
  settingsBody,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from './settings-form-values.ts';
import type { SettingsDraftState } from './use-settings-draft.ts';

interface SaveRequest {
  typed: EventSettings;
  /** The saved settings the form's values were typed over, and those values. */
  base: EventSettings;
  values: SettingsFormValues;
  at: SaveVersion;
}

/**
 * Saves what was typed over the version it was typed over. Refused because of a save this screen
 * never heard of (the live stream held back by a proxy, a phone between networks): read again,
 * and when that save changed no field typed here, it stays in the fields this form did not change
 * and the save goes over it (0163); when it did, the refusal stands.
 */
async function saveOver({ typed, base, values, at }: SaveRequest): Promise<VersionedSettings> {
  try {
    return await saveEventSettings(typed, at.version);
  } catch (error) {
    if (errorCode(error) !== 'settings_changed' || at.behind) throw error;
    const fresh = await fetchEventSettings();
    const next = followVersion(at, values, base, fresh);
    if (next.behind) throw error;
    return saveEventSettings(mergeSaved(typed, base, fresh.settings), next.version);
  }
}

/** Made before the draft, which needs to know whether a save is on its way. */
export function useSaveSettingsMutation() {
  return useMutation({ mutationFn: saveOver });
}

export interface SettingsSaveOptions {
  settings: EventSettings;
  draft: SettingsDraftState;
  save: ReturnType<typeof useSaveSettingsMutation>;
  registrations: Registration[] | undefined;
  taken: SeatsTaken;
  formRef: RefObject<HTMLFormElement | null>;
}

export function useSettingsSave({
  settings,
  draft,
  save,
  registrations,
  taken,
  formRef,
}: SettingsSaveOptions) {
  const queryClient = useQueryClient();
  const setSettings = useSetEventSettings();
  /** The settings waiting for the organizer's answer: saving them erases registrations. */
  const [askErasure, setAskErasure] = useState<EventSettings | null>(null);
  /** The server's settings_changed message, while the form is behind another's save. */
  const [changedElsewhere, setChangedElsewhere] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  /** Shows the errors, then takes the organizer to the first field in error. */
  function showErrors(next: SettingsFieldErrors) {
    flushSync(() => draft.setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (save.isPending) return;
    const parsed = eventSettingsSchema.safeParse(settingsBody(draft.values));
    if (!parsed.success)
      return showErrors(placeErrors(fieldErrors(parsed.error), eventSettingsFields));
    draft.setErrors({});
    // Registrations the retention job would erase right after: asked first, never silently.
    if (erasedBySaving(parsed.data, settings, registrations ?? []) > 0) {
      setAskErasure(parsed.data);
      return;
    }
    await send(parsed.data);
  }

  async function send(typed: EventSettings) {
    // The values sent: what is typed while the save is on its way stays after it.
    const sent = draft.values;
    let saved: VersionedSettings;
    try {
      saved = await save.mutateAsync({
        typed,
        base: draft.base,
        values: sent,
        at: draft.saveVersion,
      });
    } catch (error) {
      // A 401 ends the session in one place; the draft brings the values back after the login.
      if (isUnauthorized(error)) return;
      // Everything typed stays; nothing was saved.
      if (errorCode(error) === 'settings_changed' && error instanceof ApiRequestError) {
        draft.fallBehind();
        setChangedElsewhere(error.message);
        return;
      }
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        return showErrors(placeErrors(error.fields, eventSettingsFields));
      }
      toast.error(texts.saveFailed, {
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
      return;
    }
    setSettings(saved.settings, saved.version);
    draft.keepSaved(saved, sent);
    setChangedElsewhere(null);
    void queryClient.invalidateQueries({ queryKey: editionsKey });
    // Saved below the seats already taken: said again, since nobody was un-confirmed.
    toast.success(texts.saved, {
      description:
        capacityWarning(formValues(saved.settings).capacity, taken) ?? texts.savedDescription,
    });
  }

  /** The erasure question's answers. */
  const erasure = {
    asked: askErasure,
    back: () => setAskErasure(null),
    confirm: () => {
      const body = askErasure;
      setAskErasure(null);
      if (body) void send(body);
    },
  };
  /** 'Recarregar' under the refusal: what is saved now, under what was typed. */
  async function reload() {
    setReloading(true);
    try {
      const fresh = await fetchEventSettings();
      draft.rebase(fresh);
      setSettings(fresh.settings, fresh.version);
      setChangedElsewhere(null);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(texts.reloadFailed);
    } finally {
      setReloading(false);
    }
  }

  const conflict = { message: changedElsewhere, reload, reloading };
  return { submit, erasure, conflict };
}
