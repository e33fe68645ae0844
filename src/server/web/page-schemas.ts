// The site's pages as the API's document shows them (decision 0230): each is a route like any
// other, described where it is registered (plugins/web-app.ts, the ticket and personal pages).
// Their answers are HTML, rendered by the server; a key that opens nothing gets the site's
// not-found page, not the API's JSON error.
import { z } from 'zod';
import { paths, thanksConfirmed, thanksWaitlisted } from '../../shared/paths.ts';
import { emptyAnswer, htmlAnswer, routeSchema, type RouteSchema } from '../route-schema.ts';

const pageSummaries: Record<string, string> = {
  [paths.home]: 'The landing page: the event, its date, venue and highlights',
  [paths.register]: 'The registration form',
  [paths.thanks]: 'Thanks: the registration was received',
  [thanksConfirmed]: 'Thanks: the registration was confirmed on arrival (its ticket is ready)',
  [thanksWaitlisted]: 'Thanks: the registration joined the waiting list',
  [paths.admin]: "The organizer's panel (its data: /api/admin/…, behind the login)",
  [paths.privacy]: 'The privacy notice: what is kept, for how long, and whom to ask',
  [paths.door]: 'The check-in screen (door and admin accounts, behind the login)',
};

/** The site's not-found page: a key that opens nothing is answered as any unknown address. */
export const notFoundPageAnswer = htmlAnswer(
  'The not-found page: nothing is at this address (the same as any unknown address).',
);

/** One of the pages rendered at start and after each change to the current edition. */
export function pageSchema(path: string): RouteSchema {
  const summary = pageSummaries[path];
  if (!summary) throw new Error(`page ${path} has no summary in page-schemas.ts`);
  return routeSchema({
    summary,
    response: { 200: htmlAnswer("The page, with the current edition's settings.") },
  });
}

/** A page's address with a slash at its end, as link tools write them. */
export function trailingSlashSchema(path: string): RouteSchema {
  return routeSchema({
    summary: `${path}/ leads to ${path}`,
    response: { 301: emptyAnswer(`To ${path}, with the query string.`) },
  });
}

/** The first admin's page, opened by the link the server prints while there is none. */
export const setupPageSchema = routeSchema({
  summary: "The first admin's page (the setup link)",
  querystring: z.object({ token: z.string().optional().describe('The live setup token.') }),
  response: {
    200: htmlAnswer('The form that creates the first admin.'),
    404: notFoundPageAnswer,
  },
});
