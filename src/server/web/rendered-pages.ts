// Every page of the site as the server sends it, made once per state of the event (at start, then
// after each change to the current edition, decision 0111), never per request: the public pages
// rendered to HTML by the browser app's own components (dist/ssr, built from
// src/web/entry-server.tsx) with the current edition's settings, the admin page as the empty
// shell its script fills in, then each compressed (docs/decisions/0014, 0015). A public page
// carries its own style sheet; the ones that never change once rendered carry no script, and the
// form page a small entry that starts the app when the visitor shows up (0100, 0101).
// Before React's server render loads: Node 20 lacks ArrayBuffer.prototype.detached (Node 22 has
// it), and React's development build, which tests and benches load, then warns at every empty
// chunk it writes (an empty attribute, the form's `value=""`). The standard getter, from core-js,
// so React's check runs rather than being silenced (decision 0208).
import 'core-js/modules/es.array-buffer.detached.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { laterAppEntries, ownScriptEntries, pageStyleSheets } from '../../shared/page-assets.ts';
import {
  formNotSentPage,
  notFoundPage,
  paths,
  scriptlessPages,
  setupPage,
} from '../../shared/paths.ts';
import type {
  AttendeePageData,
  CertificateLookupData,
  CertificatePageData,
  FormStart,
  RenderCertificateLookup,
  RenderCertificatePage,
  RenderAttendeePage,
  RenderFormNotSentPage,
  RenderPage,
  RenderRefusedForm,
  RenderTicketPage,
  TicketPageData,
} from '../../shared/rendered-page.ts';
import {
  fillTemplate,
  inlineStyleSheet,
  laterAppTemplate,
  ownScriptTemplate,
  pageCode,
  preloadLinks,
  scriptlessTemplate,
  scriptsAfterPaint,
  type Manifest,
  type SiteData,
} from './page-template.ts';
import { precompress, type Precompressed } from './precompressed.ts';

/** Pages the browser renders itself: nothing to show before its script knows who is there. */
const browserRendered = new Set<string>([paths.admin, paths.door, setupPage]);

/** The lazy chunk of each page (src/web/app/pages.ts), by source module. */
const lazyModules: Record<string, string> = {
  [paths.register]: 'src/web/features/registration/registration-page.tsx',
  [paths.privacy]: 'src/web/features/privacy/privacy-page.tsx',
  [paths.admin]: 'src/web/features/admin/admin-page.tsx',
  [paths.door]: 'src/web/features/door/door-page.tsx',
  [setupPage]: 'src/web/features/setup/setup-page.tsx',
};

export interface RenderedPages {
  /** The page at one of the site's paths. */
  byPath: ReadonlyMap<string, Precompressed>;
  notFound: Precompressed;
  /**
   * The answer to the form the browser posted itself, the form page's script not having run
   * (decision 0177): no script, kept out of search engines.
   */
  formNotSent: Precompressed;
  /** The first admin's page (the setup link's), served only while its token is live. */
  setup: Precompressed;
  /** One person's ticket page: rendered per request (it is personal and changes), no script. */
  ticketPage(data: TicketPageData): Promise<string>;
  /** One person's own page (decision 0130): per request, no script. */
  attendeePage(data: AttendeePageData): Promise<string>;
  /** A certificate's verification page and '/validar' (issue 36.5): per request, no script. */
  certificatePage(data: CertificatePageData): Promise<string>;
  certificateLookup(data: CertificateLookupData): Promise<string>;
  /**
   * The form page again, filled, with the messages at its fields: the answer to a form posted
   * without script that was refused (decision 0209). Per request, no script, kept out of search.
   */
  refusedForm(start: FormStart): Promise<string>;
  /**
   * The landing or the form page as `draft` would make it, for an admin's eyes only (decision
   * 0222): the same render, no script, kept out of search engines.
   */
  preview(draft: SiteData, path: string): Promise<string>;
}

/** Renders every page for one state of the site; the built files are read once. */
export type PagesRenderer = (site: SiteData) => Promise<RenderedPages>;

export async function pagesRenderer(
  webRoot: string,
  ssrEntry: string,
  pagePaths: readonly string[],
): Promise<PagesRenderer> {
  const manifest = JSON.parse(
    readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const built = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const appSheets = manifest['index.html']?.css ?? [];
  const css = (file: string) => readFileSync(join(webRoot, file), 'utf8');
  /** The built page with `sheet` (a built file) inlined in place of the app's style sheets. */
  const withSheet = (sheet: string | undefined) =>
    inlineStyleSheet(built, appSheets, sheet ? css(sheet) : appSheets.map(css).join(''));
  const template = withSheet(undefined);
  const {
    renderPage,
    renderTicketPage,
    renderAttendeePage,
    renderFormNotSentPage,
    renderRefusedForm,
    renderCertificatePage,
    renderCertificateLookup,
  } = (await import(pathToFileURL(ssrEntry).href)) as {
    renderCertificatePage: RenderCertificatePage;
    renderCertificateLookup: RenderCertificateLookup;
    renderRefusedForm: RenderRefusedForm;
    renderPage: RenderPage;
    renderTicketPage: RenderTicketPage;
    renderAttendeePage: RenderAttendeePage;
    renderFormNotSentPage: RenderFormNotSentPage;
  };
  const ticketTemplate = scriptlessTemplate(template, { noindex: true });
  const formNotSentSheet = manifest[pageStyleSheets[formNotSentPage] ?? '']?.file;
  const formNotSentTemplate = scriptlessTemplate(withSheet(formNotSentSheet), { noindex: true });
  const formSheet = manifest[pageStyleSheets[paths.register] ?? '']?.file;
  const refusedFormTemplate = scriptlessTemplate(withSheet(formSheet), { noindex: true });
  const previewTemplate = (path: string) =>
    scriptlessTemplate(withSheet(manifest[pageStyleSheets[path] ?? '']?.file), { noindex: true });
  const previewTemplates = new Map<string, string>(
    [paths.home, paths.register].map((p) => [p, previewTemplate(p)]),
  );

  /** The template a public page is filled into, and the preloads it takes. */
  function publicPageTemplate(path: string): { template: string; preloads: string } {
    const source = pageStyleSheets[path];
    const sheet = source ? manifest[source]?.file : undefined;
    if (!sheet) return { template, preloads: preloadLinks(manifest, lazyModules[path]) };
    const own = withSheet(sheet);
    if (scriptlessPages.includes(path)) {
      return { template: scriptlessTemplate(own, { noindex: false }), preloads: '' };
    }
    const ownScript = ownScriptEntries[path];
    if (ownScript) return { template: ownScriptTemplate(own, manifest, ownScript), preloads: '' };
    const entry = laterAppEntries[path];
    if (!entry) return { template: own, preloads: preloadLinks(manifest, lazyModules[path]) };
    // Nothing of the app is fetched before the page paints: its entry lists it for later.
    const code = pageCode(manifest, lazyModules[path]);
    return { template: laterAppTemplate(own, manifest, entry, code), preloads: '' };
  }

  return async function renderPages(site: SiteData): Promise<RenderedPages> {
    const { event } = site;

    async function pageHtml(path: string): Promise<string> {
      if (browserRendered.has(path)) {
        const title = `Inscrição · ${event.name}`;
        const preloads = preloadLinks(manifest, lazyModules[path]);
        return fillTemplate(template, site, { title, content: '', preloads });
      }
      const { html, title } = await renderPage(path, event, site.providers);
      const { template: pageTemplate, preloads } = publicPageTemplate(path);
      const rendered = fillTemplate(pageTemplate, site, {
        title,
        content: html,
        preloads,
        publicPage: true,
      });
      return scriptsAfterPaint(rendered);
    }
    const page = async (path: string) => precompress(await pageHtml(path));

    // All at once: each page's compression runs in the thread pool while the next one renders.
    const byPath = new Map<string, Precompressed>(
      await Promise.all(pagePaths.map(async (path) => [path, await page(path)] as const)),
    );
    async function formNotSent(): Promise<Precompressed> {
      const { html, title } = await renderFormNotSentPage(event);
      return precompress(
        fillTemplate(formNotSentTemplate, site, {
          title,
          content: html,
          preloads: '',
          publicPage: true,
        }),
      );
    }

    return {
      byPath,
      notFound: await page(notFoundPage),
      formNotSent: await formNotSent(),
      setup: await page(setupPage),
      async ticketPage(data) {
        // The ticket's own edition: a past edition's ticket shows that event.
        const { html, title } = await renderTicketPage(data);
        const preview = `Ingresso · ${data.event.name}`;
        return fillTemplate(
          ticketTemplate,
          { ...site, event: data.event },
          { title, preview, content: html, preloads: '' },
        );
      },
      async refusedForm(start) {
        const { html, title } = await renderRefusedForm(event, site.providers, start);
        return fillTemplate(refusedFormTemplate, site, {
          title,
          content: html,
          preloads: '',
          publicPage: true,
        });
      },
      async preview(draft, path) {
        const previewed = previewTemplates.get(path);
        if (!previewed) throw new Error(`No preview of ${path}`);
        const { html, title } = await renderPage(path, draft.event, draft.providers);
        return fillTemplate(previewed, draft, {
          title,
          content: html,
          preloads: '',
          publicPage: true,
        });
      },
      async certificatePage(data) {
        const { html, title } = await renderCertificatePage(data);
        return fillTemplate(ticketTemplate, site, {
          title,
          preview: title,
          content: html,
          preloads: '',
        });
      },
      async certificateLookup(data) {
        const { html, title } = await renderCertificateLookup(data);
        return fillTemplate(ticketTemplate, site, {
          title,
          preview: title,
          content: html,
          preloads: '',
        });
      },
      async attendeePage(data) {
        const { html, title } = await renderAttendeePage(data);
        return fillTemplate(
          ticketTemplate,
          { ...site, event: data.event },
          { title, preview: title, content: html, preloads: '' },
        );
      },
    };
  };
}
