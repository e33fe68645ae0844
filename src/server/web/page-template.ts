// The built index.html turned into a page: the event's JSON, the title and the link preview
// (WhatsApp) naming the event, the page's own chunks preloaded, and its rendered content.
import type { EventConfig, EventDates } from '../../shared/event.ts';
import { eventDetails } from '../../shared/event-texts.ts';
import type { MessageProviders } from '../../shared/rendered-page.ts';

export const eventConfigPlaceholder = '<!--event-config-->';
export const publicUrlPlaceholder = '<!--public-url-->';
export const eventDatesPlaceholder = '<!--event-dates-->';
export const messageProvidersPlaceholder = '<!--message-providers-->';

/** What every page carries as JSON for its script: the event, and the site's public address. */
export interface SiteData {
  event: EventConfig;
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

/** `<link>`s that fetch a lazy page's chunks with the page, not after the app starts. */
export function preloadLinks(manifest: Manifest, module: string | undefined): string {
  if (!module) return '';
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // The entry's own chunks are in the template already.
  const inTemplate = new Set(manifest['index.html']?.imports ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || inTemplate.has(key) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * The page's own style sheet, inlined: a page that needs no other request before it can paint
 * paints as soon as its HTML arrives (docs/decisions/0014). Style elements are allowed by the CSP.
 */
export function inlineStyleSheet(template: string, href: string, css: string): string {
  const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${href}"[^>]*>`);
  // `</style` inside the CSS would end the element early; Tailwind's output never has it.
  if (!link.test(template) || /<\/style/i.test(css)) return template;
  return template.replace(link, () => `<style>${css}</style>`);
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
 * The template of a page that runs no script (the ticket page): the built app's scripts, their
 * preloads and the event's JSON removed, its style sheet (inlined) kept; kept out of search
 * engines (`noindex`, as the X-Robots-Tag header also says).
 */
export function scriptlessTemplate(template: string): string {
  return template
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</head>', () => '<meta name="robots" content="noindex">\n  </head>');
}
