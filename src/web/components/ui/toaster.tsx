// Toasts (sonner), placed where a thumb does not cover them on a phone. Colours come from
// styles.css (sonner's own rich colours fall short of WCAG AA contrast).
import { Toaster as Sonner } from 'sonner';

export function Toaster() {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      duration={6000}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar aviso' }}
    />
  );
}

export { toast } from 'sonner';
