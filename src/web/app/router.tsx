// Every screen and its path. The admin panel loads as its own chunk: visitors never download it.
import { createBrowserRouter } from 'react-router';
import { paths } from '@shared/paths.ts';
import { LandingPage } from '@/features/landing/landing-page.tsx';
import { NotFoundPage } from '@/features/not-found/not-found-page.tsx';
import { RegistrationPage } from '@/features/registration/registration-page.tsx';
import { ThanksPage } from '@/features/registration/thanks-page.tsx';

export const router = createBrowserRouter([
  { path: paths.home, element: <LandingPage /> },
  { path: paths.register, element: <RegistrationPage /> },
  { path: paths.thanks, element: <ThanksPage /> },
  {
    path: paths.privacy,
    lazy: async () => ({
      Component: (await import('@/features/privacy/privacy-page.tsx')).PrivacyPage,
    }),
  },
  {
    path: paths.admin,
    lazy: async () => ({
      Component: (await import('@/features/admin/admin-page.tsx')).AdminPage,
    }),
  },
  { path: '*', element: <NotFoundPage /> },
]);
