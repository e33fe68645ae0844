// The built index.html turned into a page: the event's JSON, the title and the link preview
// (WhatsApp) naming the event, the page's own chunks preloaded, and its rendered content.
import type { EventDates } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventDetails } from '../../shared/event-texts.ts';
import type { PageCode } from '../../shared/page-code.ts';
import { pageCodeElementId } from '../../shared/page-code.ts';
import type { MessageProviders } from '../../shared/rendered-page.ts';

export const eventConfigPlaceholder = '<!--event-config-->';
export const publicUrlPlaceholder = '<!--public-url-->';
export const eventDatesPlaceholder = '<!--event-dates-->';
export const messageProvidersPlaceholder = '<!--message-providers-->';

/** What every page carries as JSON for its script: the event, and the site's public address. */
export interface SiteData {
  event: EventSettings;
  /** The event's dates, formatted here: hydrating a page then runs no Intl formatter. */
  dates: EventDates;
  /** PUBLIC_URL: the base of the links sent to attendees (the ticket's). */
  publicUrl: string;
  /** Whether e-mail and WhatsApp Business send (two booleans, never their settings). */
  providers: MessageProviders;
}

/** JSON inside <script type="application/json"> is data, not script: the CSP allows it. */
function jsonData(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
const emptyRoot = '<div id="root"></div>';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sets the content of the `<meta ATTRIBUTE content="...">` tag to `value` (already escaped). */
function setMeta(html: string, attribute: string, value: string): string {
  const tag = new RegExp(`(<meta\\s+${attribute}\\s+content=")[^"]*"`);
  // A function, not a string: a `$` in the operator's text is not a replacement pattern.
  return html.replace(tag, (_match, start: string) => `${start}${value}"`);
}

/**
 * The scripts and style sheets of a chunk and of everything it imports; by default without the
 * app entry's own chunks, which the template loads already.
 */
export function chunkFiles(
  manifest: Manifest,
  module: string | undefined,
  { withAppChunks = false } = {},
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const inTemplate = new Set(withAppChunks ? [] : (manifest['index.html']?.imports ?? []));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || inTemplate.has(key) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  if (module) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

/** `<link>`s that fetch a lazy page's chunks with the page, not after the app starts. */
export function preloadLinks(manifest: Manifest, module: string | undefined): string {
  const { scripts, styles } = chunkFiles(manifest, module);
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * The app's code on a page that starts it later (the form page): its entry, and every module the
 * entry and the page's lazy chunk load, for the page's own small entry to fetch and run.
 */
export function pageCode(manifest: Manifest, lazyModule: string | undefined): PageCode {
  const app = manifest['index.html'];
  if (!app) throw new Error('the build manifest has no index.html');
  const appImports = (app.imports ?? []).flatMap((key) => {
    const file = manifest[key]?.file;
    return file ? [file] : [];
  });
  const modules = [...appImports, ...chunkFiles(manifest, lazyModule).scripts];
  return { entry: `/${app.file}`, modules: modules.map((file) => `/${file}`) };
}

/**
 * The page's style sheet, inlined in place of the app's `<link>`s: a page that needs no other
 * request before it can paint paints as soon as its HTML arrives (docs/decisions/0014). `css` is
 * the app's own sheet, or a public page's smaller one (0101). Style elements are allowed by the CSP.
 */
export function inlineStyleSheet(template: string, hrefs: readonly string[], css: string): string {
  const link = (href: string) => new RegExp(`<link rel="stylesheet"[^>]*href="/${href}"[^>]*>\\s*`);
  // `</style` inside the CSS would end the element early; Tailwind's output never has it.
  if (hrefs.length === 0 || !link(hrefs[0]!).test(template) || /<\/style/i.test(css)) {
    return template;
  }
  const [first, ...others] = hrefs;
  return others.reduce(
    (page, href) => page.replace(link(href), ''),
    template.replace(link(first!), () => `<style>${css}</style>`),
  );
}

/**
 * Marks the page's scripts as not needed for its first paint (`fetchpriority="low"`): the HTML
 * already shows the page, so nothing waits for them before painting (docs/decisions/0014).
 */
export function scriptsAfterPaint(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    (_tag, start: string) => `<${start} fetchpriority="low"`,
  );
}

export interface PageParts {
  /** The page's <title>, unescaped. */
  title: string;
  /** The link preview's title (WhatsApp), unescaped; by default the registration's. */
  preview?: string;
  /** The server-rendered content of <div id="root">; empty for a page the browser renders. */
  content: string;
  /** The `<link>` tags of its lazy chunks. */
  preloads: string;
  /**
   * A public page: its event JSON goes without the messages' texts, which it never shows (the
   * admin page needs them, for the WhatsApp button).
   */
  publicPage?: boolean;
}

export function fillTemplate(template: string, site: SiteData, parts: PageParts): string {
  const { event } = site;
  const preview = escapeHtml(parts.preview ?? `Inscrição · ${event.name}`);
  const description = escapeHtml(event.tagline);
  let page = template
    .replace(eventConfigPlaceholder, () => jsonData(parts.publicPage ? eventDetails(event) : event))
    .replace(eventDatesPlaceholder, () => jsonData(site.dates))
    .replace(publicUrlPlaceholder, () => jsonData(site.publicUrl))
    .replace(messageProvidersPlaceholder, () => jsonData(site.providers))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => `${parts.preloads}</head>`)
    .replace(emptyRoot, () => `<div id="root">${parts.content}</div>`);
  page = setMeta(page, 'property="og:title"', preview);
  page = setMeta(page, 'property="og:description"', description);
  return setMeta(page, 'name="description"', description);
}

/**
 * The template of a page that runs no script (the ticket page, the public pages that never change
 * once rendered): the built app's scripts, their preloads and the event's JSON removed, its style
 * sheet (inlined) kept. A personal page (the ticket) is kept out of search engines (`noindex`, as
 * the X-Robots-Tag header also says).
 */
export function scriptlessTemplate(template: string, options: { noindex: boolean }): string {
  const page = template
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  if (!options.noindex) return page;
  return page.replace('</head>', () => '<meta name="robots" content="noindex">\n  </head>');
}

/**
 * The template of a page whose app starts later (the form page): the app's entry script and its
 * preloads replaced by the page's own small entry (`entry`, a manifest key) and its imports, and
 * the app's code listed as JSON for that entry to fetch after the first paint (docs/decisions/0100).
 */
export function laterAppTemplate(
  template: string,
  manifest: Manifest,
  entry: string,
  code: PageCode,
): string {
  const tags = [
    `<script id="${pageCodeElementId}" type="application/json">${jsonData(code)}</script>`,
    entryTags(manifest, entry),
  ].join('');
  return template
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</head>', () => `${tags}</head>`);
}

/**
 * The template of a page that arrives whole and runs one small script of its own, never the app
 * (the not-found page: docs/decisions/0150): scriptless, with `entry` (a manifest key) and its
 * imports.
 */
export function ownScriptTemplate(template: string, manifest: Manifest, entry: string): string {
  return scriptlessTemplate(template, { noindex: false }).replace(
    '</head>',
    () => `${entryTags(manifest, entry)}</head>`,
  );
}

/** A built entry's script tag and the preloads of what it imports. */
function entryTags(manifest: Manifest, entry: string): string {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`the build manifest has no ${entry}`);
  const imports = chunkFiles(manifest, entry, { withAppChunks: true }).scripts.filter(
    (file) => file !== chunk.file,
  );
  return [
    `<script type="module" crossorigin src="/${chunk.file}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}
