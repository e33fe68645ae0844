// Every screen and its path. Heavy screens are lazy chunks (see pages.ts).
import { createBrowserRouter } from 'react-router';
import { paths } from '@shared/paths.ts';
import { LandingPage } from '@/features/landing/landing-page.tsx';
import { NotFoundPage } from '@/features/not-found/not-found-page.tsx';
import { ThanksPage } from '@/features/registration/thanks-page.tsx';
import { loadAdminPage, loadPrivacyPage, loadRegistrationPage } from './pages.ts';

export const router = createBrowserRouter([
  { path: paths.home, element: <LandingPage /> },
  {
    path: paths.register,
    lazy: async () => ({ Component: (await loadRegistrationPage()).RegistrationPage }),
  },
  { path: paths.thanks, element: <ThanksPage /> },
  {
    path: paths.privacy,
    lazy: async () => ({ Component: (await loadPrivacyPage()).PrivacyPage }),
  },
  {
    path: paths.admin,
    lazy: async () => ({ Component: (await loadAdminPage()).AdminPage }),
  },
  { path: '*', element: <NotFoundPage /> },
]);
