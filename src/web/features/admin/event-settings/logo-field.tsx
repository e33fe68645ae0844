// 'Logotipo' in the 'Evento' form (issue 33.2, decisions 0221, 0225): a PNG, JPEG or WebP file is
// sent as soon as it is chosen (PUT /api/admin/event/logo saves it, apart from 'Salvar'), the
// server's pt-BR refusal (not an image: 415, over 2 MB: 413) shows at the field, and the stored
// logo shows with its size, to be removed. The settings then arrive again, as after any save.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { eventFieldLabels as labels } from '@shared/event-fields.ts';
import { logoContentTypes, type EventLogo } from '@shared/event-logo.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { removeLogo, uploadLogo } from '../admin-api.ts';
import { eventSettingsKey } from '../use-event-settings.ts';
import { eventSettingsTexts } from './event-settings-texts.ts';
import { SettingsField } from './settings-field.tsx';

const texts = eventSettingsTexts.logo;

/** The server's words for a refused request; a lost session goes back to the login form. */
function refusal(error: unknown): string | undefined {
  if (isUnauthorized(error)) return undefined;
  return error instanceof ApiRequestError ? error.message : eventSettingsTexts.saveFailed;
}

export function LogoField({ logo, error }: { logo: EventLogo | null; error?: string }) {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<string>();
  const settled = () => queryClient.invalidateQueries({ queryKey: eventSettingsKey });
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: async () => {
      await settled();
      toast.success(texts.saved);
    },
    onError: (failure) => setRefused(refusal(failure)),
  });
  const remove = useMutation({
    mutationFn: removeLogo,
    onSuccess: async () => {
      await settled();
      toast.success(texts.removed);
    },
    onError: (failure) => {
      const message = refusal(failure);
      if (message) toast.error(texts.removeFailed, { description: message });
    },
  });

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again after a refusal is a new choice.
    event.target.value = '';
    if (!file) return;
    setRefused(undefined);
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="grid gap-3">
      <SettingsField
        name="logo"
        label={labels.logo}
        help={eventSettingsTexts.help.logo}
        error={refused ?? error}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            <input
              {...control}
              type="file"
              accept={logoContentTypes.join(',')}
              disabled={busy}
              onChange={chosen}
              className="file:bg-primary file:text-primary-foreground text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-semibold"
            />
            {upload.isPending && (
              <span role="status" className="text-muted-foreground flex items-center gap-1 text-sm">
                <ImageUp aria-hidden="true" className="size-4" />
                {texts.sending}
              </span>
            )}
          </div>
        )}
      </SettingsField>
      {logo && (
        <figure className="bg-muted flex flex-wrap items-center gap-4 rounded-lg p-3">
          <img
            src={logo.url}
            width={logo.width}
            height={logo.height}
            alt={labels.logo}
            className="h-16 w-auto max-w-full rounded bg-white object-contain p-1"
          />
          <figcaption className="text-muted-foreground text-sm">
            {texts.size(logo.width, logo.height)}
          </figcaption>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => remove.mutate()}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {remove.isPending ? texts.removing : texts.remove}
          </Button>
        </figure>
      )}
    </div>
  );
}
