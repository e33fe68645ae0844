// The floor of bench/public-pages.ts: an empty React 19 page, rendered in the browser, built
// with the same Vite as the site. It shows one heading so it has a largest contentful paint.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  createElement(StrictMode, null, createElement('main', null, createElement('h1', null, 'Olá'))),
);
