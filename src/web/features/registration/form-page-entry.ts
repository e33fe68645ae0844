// The form page's entry (/convite), in place of the app's. The server's HTML already shows the
// form, and a visitor can type into it before any script; this small one (no React) does what
// cannot wait, and starts the app when the visitor shows up (docs/decisions/0100):
// - it fills the country picker when the visitor reaches for it, and keeps a country chosen
//   before the app runs for the app to take over (country-list.ts);
// - once the page has loaded and painted, it downloads the app without running it;
// - it runs the app at the visitor's first sign of presence (a pointer moving or pressed, a touch,
//   a key, the focus on a field), or at once when a saved draft has to come back or the visitor
//   started before this script ran;
// - it holds a form sent before the app runs (the browser would post it to the page's own
//   address), and sends it through the app as soon as the app has taken the form over; while the
//   app's code cannot load (no connection), it says so under the button.
// A visitor who only reads, and a page-speed test, see no script work after the first paint.
import { pageCodeElementId, type PageCode } from '@shared/page-code.ts';
import {
  countrySelectName,
  keepChoiceBeforeApp,
  onReachForPicker,
  reachForPicker,
} from './country-list.ts';
import { readDraftText } from './form-draft.ts';

const presence = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'];
const listening = { capture: true, passive: true } as const;

function readPageCode(): PageCode | undefined {
  try {
    const code = JSON.parse(document.getElementById(pageCodeElementId)?.textContent ?? '') as
      Partial<PageCode> | undefined;
    return typeof code?.entry === 'string' && Array.isArray(code.modules)
      ? (code as PageCode)
      : undefined;
  } catch {
    return undefined; // not a page the server rendered
  }
}

function addModulePreloads(hrefs: readonly string[]) {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    // As the module scripts fetch them, so the browser reuses what it has.
    link.crossOrigin = '';
    document.head.append(link);
  }
}

const code = readPageCode();
let started = false;

function startApp() {
  if (started || !code) return;
  started = true;
  for (const type of presence) removeEventListener(type, startApp, listening);
  // Every module at once (from the cache once prefetched), not one import after another.
  addModulePreloads(code.modules);
  import(/* @vite-ignore */ code.entry).catch(() => {
    // No connection: the next sign of presence tries again. A visitor who sent the form is told.
    started = false;
    if (held) sayNotLoaded(held);
    waitForPresence();
  });
}

function waitForPresence() {
  for (const type of presence) addEventListener(type, startApp, listening);
}

/** The visitor is already on the form: focus in it, or something typed or chosen. */
function visitorStarted(): boolean {
  const form = document.querySelector('form');
  if (!form) return false;
  if (form.contains(document.activeElement)) return true;
  for (const [name, value] of new FormData(form)) {
    if (name !== countrySelectName && value !== '') return true;
  }
  return false;
}

/** After the load event and the next frame: nothing fetched here competes with the first paint. */
function afterPaint(then: () => void) {
  const nextFrame = () => requestAnimationFrame(() => setTimeout(then, 0));
  if (document.readyState === 'complete') nextFrame();
  else addEventListener('load', nextFrame, { once: true });
}

// Its words here, not in registration-texts.ts: importing that module would bring the API's
// error table into this page's first load.
const notLoaded =
  'O formulário não terminou de carregar e sua inscrição não foi enviada. Verifique sua conexão e toque em “Confirmar Presença” de novo.';
let notice: HTMLElement | undefined;

/**
 * Says that the form was not sent, as the form's last child: hydration leaves a form's extra last
 * children in place (React keeps them for a server's hidden inputs), where an extra element
 * anywhere else would be a mismatch. An alert, announced as it is added, and scrolled into view;
 * once per try, so a sign of presence that tries again in vain says nothing new.
 */
function sayNotLoaded(form: HTMLFormElement) {
  if (notice?.isConnected) return;
  notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.className = 'text-destructive text-center text-sm font-medium';
  notice.textContent = notLoaded;
  form.append(notice);
  // Below the button and the privacy link: on a phone, out of sight without this.
  notice.scrollIntoView({ block: 'nearest' });
}

// A try to send the form before the app has it: the app sends it (or shows what is missing, with
// its own messages) as soon as it has taken the form over, which it marks by setting `noValidate`
// (registration-form.tsx). Without this the browser would post the form to the page's own address.
let held: HTMLFormElement | undefined;
function holdSubmission(form: HTMLFormElement, submitter: HTMLElement | null) {
  // A new try: what comes of it is said anew.
  notice?.remove();
  startApp();
  if (held) return;
  held = form;
  new MutationObserver((_changes, observer) => {
    if (!form.noValidate) return;
    observer.disconnect();
    held = undefined;
    notice?.remove();
    form.requestSubmit(submitter);
  }).observe(form, { attributes: true, attributeFilter: ['novalidate'] });
}

addEventListener(
  'submit',
  (event) => {
    const form = event.target as HTMLFormElement;
    if (form.noValidate) return;
    event.preventDefault();
    holdSubmission(form, (event as SubmitEvent).submitter);
  },
  { capture: true },
);
// The browser's own check refused it (a required field empty): no bubble, the app's messages.
addEventListener(
  'invalid',
  (event) => {
    const form = (event.target as HTMLInputElement).form;
    if (!form || form.noValidate) return;
    event.preventDefault();
    holdSubmission(form, null);
  },
  { capture: true },
);

for (const type of reachForPicker) addEventListener(type, onReachForPicker, listening);
addEventListener('change', keepChoiceBeforeApp, listening);

/** Code this page already loads itself (the server preloads what the entry imports). */
function loadedByThisPage(href: string): boolean {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].some(
    (link) => new URL(link.href).pathname === href,
  );
}

/**
 * The app's code into the HTTP cache, nothing run (its files are cached for a year): one fetch
 * per task, read to its end so that the cache keeps it whole. Starting a request costs the
 * browser a few milliseconds of the main thread; ten started together, as `<link rel=prefetch>`
 * elements added at once, were a task long enough to count as blocking in a page-speed test.
 */
function prefetch(hrefs: readonly string[]) {
  const [href, ...rest] = hrefs;
  if (started || href === undefined) return;
  fetch(href, { priority: 'low' })
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // Offline or refused: the app's own imports fetch it when it starts.
    });
  setTimeout(() => prefetch(rest), 0);
}

if (readDraftText() !== null || visitorStarted()) {
  startApp();
} else {
  waitForPresence();
  afterPaint(() => {
    if (code) prefetch([code.entry, ...code.modules].filter((href) => !loadedByThisPage(href)));
  });
}
