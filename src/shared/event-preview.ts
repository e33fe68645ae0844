// 'Ver página' (issue 33.8, decision 0222): the panel posts the settings being edited, unsaved, to
// an admin route that renders the landing or the form with them, by the public pages' own
// renderer. What the panel and the route agree on: the address, the form's fields, the pages.
import { api, paths } from './paths.ts';

/** The pages a preview shows, by the value of the form's `page` field. */
export const previewPages = { inicio: paths.home, formulario: paths.register } as const;
export type PreviewPage = keyof typeof previewPages;

/** The form the panel posts (urlencoded): the settings as JSON, as PUT /api/admin/event takes. */
export const previewForm = {
  action: api.adminEventPreview,
  settings: 'settings',
  page: 'page',
} as const;

/** The line above a preview, and its buttons to the other page (pt-BR). */
export const previewTexts = {
  notice:
    'Pré-visualização: estas alterações ainda não foram salvas. Visitantes veem a página salva.',
  pages: { inicio: 'Página inicial', formulario: 'Formulário' } satisfies Record<
    PreviewPage,
    string
  >,
  label: 'Pré-visualização',
} as const;
