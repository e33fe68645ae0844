// A certificate's verification page (/certificado/<code>, issue 36.5): whether it is valid, and
// then only what the certificate itself says. Rendered by the server per request, no script.
import { CircleCheckBig, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { certificateLookup } from '@shared/paths.ts';
import type { CertificatePageData } from '@shared/rendered-page.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { certificateTexts as texts } from './certificate-texts.ts';

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground text-sm font-semibold">{term}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}

export function CertificatePage({ event, code, certificate }: CertificatePageData) {
  useDocumentTitle(`${texts.title} · ${event.name}`);
  return (
    <main className="min-h-dvh px-4 py-6 sm:py-12">
      <article
        aria-labelledby="certificate-state"
        className="bg-card mx-auto max-w-md rounded-2xl border p-5 shadow-lg shadow-black/5 sm:p-8"
      >
        <p className="text-muted-foreground text-sm font-semibold tracking-wide uppercase">
          {texts.title}
        </p>
        {certificate ? (
          <>
            <h1
              id="certificate-state"
              className="bg-success/10 text-success mt-3 flex items-center gap-2 rounded-xl px-4 py-3 text-2xl font-extrabold"
            >
              <CircleCheckBig aria-hidden="true" className="size-7 shrink-0" />
              {texts.valid}
            </h1>
            <dl className="mt-5 grid gap-3">
              <Field term={texts.name}>{certificate.name}</Field>
              <Field term={texts.event}>{certificate.eventName}</Field>
              <Field term={texts.date}>{certificate.date}</Field>
              <Field term={texts.hours}>{certificate.hours}</Field>
              <Field term={texts.organizer}>{certificate.organizer}</Field>
              <Field term={texts.code}>{code}</Field>
            </dl>
          </>
        ) : (
          <>
            <h1
              id="certificate-state"
              className="bg-destructive/10 text-destructive mt-3 flex items-center gap-2 rounded-xl px-4 py-3 text-2xl font-extrabold"
            >
              <CircleX aria-hidden="true" className="size-7 shrink-0" />
              {texts.revoked}
            </h1>
            <p className="mt-4 text-base">{texts.revokedNote}</p>
            <dl className="mt-4 grid gap-3">
              <Field term={texts.code}>{code}</Field>
            </dl>
          </>
        )}
        <p className="mt-6">
          <a className="text-primary font-semibold underline" href={certificateLookup}>
            {texts.another}
          </a>
        </p>
      </article>
    </main>
  );
}
