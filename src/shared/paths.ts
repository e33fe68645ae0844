// Every URL of the site and of the API, in one table.
export const paths = {
  home: '/',
  register: '/convite',
  thanks: '/obrigado',
  admin: '/admin',
  privacy: '/privacidade',
} as const;

export const api = {
  registrations: '/api/registrations',
  health: '/api/health',
  adminLogin: '/api/admin/login',
  adminLogout: '/api/admin/logout',
  adminMe: '/api/admin/me',
  adminRegistrations: '/api/admin/registrations',
  adminRegistration: '/api/admin/registrations/:id',
  adminConfirm: '/api/admin/registrations/:id/confirm',
  adminTicket: '/api/admin/registrations/:id/ticket',
  /** The live stream (Server-Sent Events) of changes to registrations. */
  adminLiveStream: '/api/admin/events',
} as const;

/** Paths the browser app renders with a 200; anything else gets the not-found page. */
export const pagePaths: readonly string[] = Object.values(paths);

/** Fills a route pattern's `:id`: `withId(api.adminConfirm, id)`. */
export function withId(pattern: string, id: string): string {
  return pattern.replace(':id', encodeURIComponent(id));
}
