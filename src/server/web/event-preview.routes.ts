// POST /api/admin/event/preview: 'Ver página' (issue 33.8, decision 0222). The panel posts the
// settings being edited, unsaved, from a form into a new tab; the answer is the landing or the form
// page rendered with them by the public pages' own renderer, for admins only, kept out of search
// engines and caches. Nothing is stored: the published pages change only on save.
import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { eventFieldMessages } from '../../shared/event-fields.ts';
import {
  previewForm,
  previewPages,
  previewTexts,
  type PreviewPage,
} from '../../shared/event-preview.ts';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { paths } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { htmlAnswer, routeSchema } from '../route-schema.ts';
import { escapeHtml } from './page-template.ts';

export interface PreviewRoutesOptions {
  /** The page at `path` rendered with `draft` (web-app.ts: the renderer of the public pages). */
  render(draft: EventSettings, path: string): Promise<string>;
}

/** The settings as JSON: three texts of up to 2,000 characters and the rest, as PUT takes. */
const settingsLimit = 64 * 1024;

const previewBody = z.object({
  [previewForm.settings]: z.string().max(settingsLimit),
  [previewForm.page]: z.enum(Object.keys(previewPages) as [PreviewPage, ...PreviewPage[]]),
});

/**
 * The line above the page saying it is a preview, with a button to the other page that posts the
 * same draft again (no script: the preview runs none). Inline styles: the page's own sheet holds
 * only its classes, and the policy allows inline styles, never scripts (decision 0006).
 */
function previewBar(settingsJson: string, shown: PreviewPage): string {
  const buttons = (Object.keys(previewPages) as PreviewPage[])
    .filter((page) => page !== shown)
    .map(
      (page) =>
        `<form method="post" action="${previewForm.action}" style="display:inline">` +
        `<input type="hidden" name="${previewForm.settings}" value="${escapeHtml(settingsJson)}">` +
        `<input type="hidden" name="${previewForm.page}" value="${page}">` +
        `<button type="submit" style="font:inherit;font-weight:700;text-decoration:underline;background:none;border:0;color:inherit;cursor:pointer;padding:0 0 0 8px">` +
        `${escapeHtml(previewTexts.pages[page])}</button></form>`,
    )
    .join('');
  return (
    `<aside aria-label="${previewTexts.label}" style="background:#fef3c7;color:#1f2937;padding:10px 16px;font:14px/1.4 system-ui,sans-serif;text-align:center">` +
    `${escapeHtml(previewTexts.notice)}${buttons}</aside>`
  );
}

export async function eventPreviewRoutes(
  fastify: FastifyInstance,
  { render }: PreviewRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // In this route's context only: the API takes JSON everywhere else.
  await app.register(formBody, { bodyLimit: 2 * settingsLimit });

  app.post(
    previewForm.action,
    {
      config: { audience: audiences.admin },
      bodyLimit: 2 * settingsLimit,
      schema: routeSchema({
        summary: 'The landing or the form page with settings not saved yet',
        description:
          "'Ver página' in the panel: a form posted into a new tab, `settings` being the " +
          'settings as `PUT /api/admin/event` takes them (JSON) and `page` `inicio` or ' +
          '`formulario`. Nothing is saved; the page is kept out of search engines.',
        body: previewBody,
        response: { 200: htmlAnswer('The page, as visitors would see it once saved.') },
      }),
    },
    async (request, reply) => {
      const settingsJson = request.body[previewForm.settings];
      const page = request.body[previewForm.page];
      let json: unknown;
      try {
        json = JSON.parse(settingsJson);
      } catch {
        return sendError(reply, errorTable.badRequest);
      }
      const parsed = eventSettingsSchema.safeParse(json);
      if (!parsed.success) return sendError(reply, errorTable.validation);
      const draft = parsed.data;
      // As a save: the logo shown is the one stored, or none; a preview names no other address.
      const current = app.editions.current().settings.logo;
      if (draft.logo && JSON.stringify(draft.logo) !== JSON.stringify(current)) {
        return sendError(reply, errorTable.validation, { logo: eventFieldMessages.logo });
      }
      // The form is the real one (decision 0209): inert here, so a preview registers nobody.
      const html = (await render(draft, previewPages[page])).replace(
        new RegExp(`<form (?=[^>]*action="${paths.register}")`),
        '<form inert ',
      );
      const bar = previewBar(settingsJson, page);
      return reply
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(html.replace('<div id="root">', () => `${bar}<div id="root">`));
    },
  );
}
