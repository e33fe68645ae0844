// '/validar' (issue 36.5): a field to type a certificate's code, sent as a plain GET form (no
// script); the server sends a code it can read to the certificate's page, and this page back with
// the message for anything else.
import { certificateLookup } from '@shared/paths.ts';
import type { CertificateLookupData } from '@shared/rendered-page.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { certificateTexts as texts } from './certificate-texts.ts';

/** The form field's name: what the GET carries (`/validar?codigo=…`). */
export const lookupField = 'codigo';

export function CertificateLookupPage({ event, typed, invalid }: CertificateLookupData) {
  useDocumentTitle(`${texts.title} · ${event.name}`);
  return (
    <main className="min-h-dvh px-4 py-6 sm:py-12">
      <div className="bg-card mx-auto max-w-md rounded-2xl border p-5 shadow-lg shadow-black/5 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{texts.lookupHeading}</h1>
        <p className="text-muted-foreground mt-2 text-base">{texts.lookupHint}</p>
        <form method="get" action={certificateLookup} className="mt-5 grid gap-2">
          <label htmlFor="certificate-code" className="text-base font-semibold">
            {texts.field}
          </label>
          <Input
            id="certificate-code"
            name={lookupField}
            defaultValue={typed}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'certificate-code-error' : undefined}
            className="font-mono tracking-wider uppercase"
          />
          {invalid ? (
            <p id="certificate-code-error" className="text-destructive text-sm font-semibold">
              {texts.invalid}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="mt-2 text-base">
            {texts.submit}
          </Button>
        </form>
      </div>
    </main>
  );
}
