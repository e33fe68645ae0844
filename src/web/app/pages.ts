// Pages that load as their own chunk, by path: the landing page stays light, and visitors never
// download the admin panel. The server preloads a page's chunk when that page is requested
// (src/server/web/), the browser loads it before hydrating (main.tsx), and links to it load it
// ahead when the visitor shows the intent to follow them (components/page-link.tsx, through
// lib/page-preloads.ts: features never import the app).
import { paths, setupPage } from '@shared/paths.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';

export const lazyPages: Readonly<Record<string, LazyPage>> = {
  [paths.register]: lazyPage(
    () => import('@/features/registration/registration-page.tsx'),
    (module) => module.RegistrationPage,
  ),
  [paths.privacy]: lazyPage(
    () => import('@/features/privacy/privacy-page.tsx'),
    (module) => module.PrivacyPage,
  ),
  [paths.admin]: lazyPage(
    () => import('@/features/admin/admin-page.tsx'),
    (module) => module.AdminPage,
  ),
  [paths.door]: lazyPage(
    () => import('@/features/door/door-page.tsx'),
    (module) => module.DoorPage,
  ),
  [setupPage]: lazyPage(
    () => import('@/features/setup/setup-page.tsx'),
    (module) => module.SetupPage,
  ),
};
