import { RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/toaster.tsx';
import { router } from './router.tsx';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
