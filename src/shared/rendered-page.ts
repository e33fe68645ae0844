// What the server-side render of a page hands to the server (src/web/entry-server.tsx).
import type { EventConfig } from './event.ts';

export interface RenderedPage {
  /** The content of <div id="root">. */
  html: string;
  /** The page's <title>. */
  title: string;
}

export type RenderPage = (path: string, event: EventConfig) => Promise<RenderedPage>;
