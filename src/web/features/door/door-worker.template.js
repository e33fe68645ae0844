// The check-in screen's service worker (scope /portaria). vite.config.ts fills in the version and
// the list of built files the screen needs, and emits it as /portaria-sw.js. It keeps the screen's
// page and code on the phone so that a reload without network still opens it; it never touches
// the API, so it never holds personal data (the attendee list is the screen's own, in IndexedDB).
// docs/decisions/0052-door-offline.md
const version = '__VERSION__';
const page = '__PAGE__';
const files = ['__FILES__'];

const cacheName = `portaria-${version}`;
/** A page that has not come back by then is served from the cache: a weak signal is no signal. */
const pageTimeoutMs = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      await cache.addAll([page, ...files]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('portaria-') && key !== cacheName) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

function withTimeout(promise, ms) {
  return Promise.race([
    promise,
    new Promise((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms)),
  ]);
}

/** The page: from the network when it answers (a new version after a deploy), else the copy. */
async function pageResponse(event) {
  try {
    const response = await withTimeout(fetch(event.request), pageTimeoutMs);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(cacheName).then((cache) => cache.put(page, copy)));
    }
    return response;
  } catch {
    return (await caches.match(page)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === page) {
    event.respondWith(pageResponse(event));
  } else if (files.includes(url.pathname)) {
    // Built files have hashed names and never change: the copy is the file.
    event.respondWith(caches.match(request).then((cached) => cached ?? fetch(request)));
  }
});
