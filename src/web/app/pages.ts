// Pages that load as their own chunk: the landing page stays light, and visitors never
// download the admin panel. The server preloads a page's chunk when that page is requested.
export const loadRegistrationPage = () => import('@/features/registration/registration-page.tsx');
export const loadPrivacyPage = () => import('@/features/privacy/privacy-page.tsx');
export const loadAdminPage = () => import('@/features/admin/admin-page.tsx');
