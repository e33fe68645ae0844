// 'Salvar' on the 'Evento' form: checked with the shared schema before it is sent, asked first
// when it would erase registrations, and answered field by field by the server.
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
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { fetchEventSettings, saveEventSettings } from '../admin-api.ts';
import { editionsKey } from '../editions/editions-keys.ts';
import { useSetEventSettings } from '../use-event-settings.ts';
import { capacityWarning, type SeatsTaken } from './capacity-warning.ts';
import { erasedBySaving } from './erasure-warning.ts';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import {
  formValues,
  mergeSaved,
  placeErrors,
  settingsBody,
  type SettingsFieldErrors,
} from './settings-form-values.ts';
import type { SettingsDraftState } from './use-settings-draft.ts';

/**
 * Saves what was typed over the settings read just before: a save made elsewhere that the live
 * stream has not told of (a proxy holding it back, a phone between networks) stays in the fields
 * this form did not change, instead of being saved back over (decision 0163).
 */
async function saveOverFresh({ typed, base }: { typed: EventSettings; base: EventSettings }) {
  const fresh = await fetchEventSettings();
  return saveEventSettings(mergeSaved(typed, base, fresh));
}

/** Made before the draft, which needs to know whether a save is on its way. */
export function useSaveSettingsMutation() {
  return useMutation({ mutationFn: saveOverFresh });
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
    let saved: EventSettings;
    try {
      saved = await save.mutateAsync({ typed, base: draft.base });
    } catch (error) {
      // A 401 ends the session in one place; the draft brings the values back after the login.
      if (isUnauthorized(error)) return;
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        return showErrors(placeErrors(error.fields, eventSettingsFields));
      }
      toast.error(texts.saveFailed, {
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
      return;
    }
    setSettings(saved);
    draft.keepSaved(saved, sent);
    void queryClient.invalidateQueries({ queryKey: editionsKey });
    // Saved below the seats already taken: said again, since nobody was un-confirmed.
    toast.success(texts.saved, {
      description: capacityWarning(formValues(saved).capacity, taken) ?? texts.savedDescription,
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
  return { submit, erasure };
}
