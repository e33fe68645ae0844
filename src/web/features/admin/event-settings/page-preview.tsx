// 'Ver página' (issue 33.8, decision 0222): the landing as visitors will see it with what is typed,
// not saved, in a new tab. What is typed is checked as a save checks it, then posted by a form of
// its own (a new tab's navigation carries the session; the preview runs no script) to the server,
// which renders it as it renders the published pages. Nothing is saved.
import { Eye } from 'lucide-react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { previewForm } from '@shared/event-preview.ts';
import { eventSettingsFields, eventSettingsSchema } from '@shared/event-settings.schema.ts';
import type { EventLogo } from '@shared/event-logo.ts';
import { fieldErrors } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { placeErrors, settingsBody } from './settings-form-values.ts';
import type { SettingsDraftState } from './use-settings-draft.ts';

export function PagePreview({
  draft,
  logo,
}: {
  draft: SettingsDraftState;
  logo: EventLogo | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const settingsRef = useRef<HTMLInputElement>(null);

  function open() {
    const parsed = eventSettingsSchema.safeParse(settingsBody(draft.values));
    if (!parsed.success) {
      draft.setErrors(placeErrors(fieldErrors(parsed.error), eventSettingsFields));
      toast.error(texts.fixFields);
      return;
    }
    // The logo is saved as it is chosen: the preview shows the stored one.
    settingsRef.current!.value = JSON.stringify({ ...parsed.data, logo });
    formRef.current!.submit();
  }

  return (
    <>
      <Button type="button" variant="outline" title={texts.viewPageHelp} onClick={open}>
        <Eye aria-hidden="true" className="size-4" />
        {texts.viewPage}
      </Button>
      {/* Outside the settings' own form: a form may hold no other. */}
      {createPortal(
        <form ref={formRef} method="post" action={previewForm.action} target="_blank" hidden>
          <input ref={settingsRef} type="hidden" name={previewForm.settings} />
          <input type="hidden" name={previewForm.page} value="inicio" />
        </form>,
        document.body,
      )}
    </>
  );
}
