import { LoaderCircle, Lock } from 'lucide-react';
import { paths } from '@shared/paths.ts';
import { PageLink } from '@/components/page-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { registrationTexts as texts } from './registration-texts.ts';

/** 'Confirmar Presença' ('Enviando...' while sending) and the link to how the data is used. */
export function FormSubmitRow({ sending }: { sending: boolean }) {
  return (
    <div className="grid gap-3 pt-1">
      <Button type="submit" size="lg" disabled={sending} className="w-full text-base">
        {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {sending ? texts.sending : texts.submit}
      </Button>
      <p className="text-muted-foreground flex items-center justify-center gap-1 text-sm">
        <Lock aria-hidden="true" className="size-4" />
        <PageLink
          to={paths.privacy}
          className="text-foreground focus-visible:ring-ring inline-flex min-h-11 items-center rounded px-1 underline underline-offset-4 focus-visible:ring-2 focus-visible:outline-none"
        >
          Como usamos seus dados
        </PageLink>
      </p>
    </div>
  );
}
