import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '@shared/paths.ts';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export function NotFoundPage() {
  const [pathname] = useLocation();
  const event = useEvent();
  useDocumentTitle(`Página não encontrada · ${event.name}`);

  // Once per missing path, even when StrictMode runs effects twice in development.
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (logged.current === pathname) return;
    logged.current = pathname;
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-dvh items-center justify-center px-5 py-12">
      <div className="text-center">
        <h1 className="text-primary text-7xl font-extrabold tracking-tight">404</h1>
        <p lang="en" className="text-muted-foreground mt-3 text-xl">
          Oops! Page not found
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to={paths.home}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Voltar para o início
          </Link>
        </Button>
      </div>
    </main>
  );
}
