// Toasts (sonner), placed where a thumb does not cover them on a phone.
import { Toaster as Sonner } from 'sonner';

export function Toaster() {
  return <Sonner position="top-center" richColors closeButton duration={5000} />;
}

export { toast } from 'sonner';
