// A link to another page of the site. When that page is a lazy chunk, the chunk starts loading as
// soon as the visitor shows the intent (pointer over it, finger down, keyboard focus), and the
// click waits for it: the current page stays on screen until the next one can show at once.
import type { ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';
import { usePagePreload } from '@/lib/page-preloads.ts';

export type PageLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

export function PageLink({ to, ...props }: PageLinkProps) {
  const [, navigate] = useLocation();
  const preload = usePagePreload(to);
  if (!preload) return <Link to={to} {...props} />;
  const warm = () => void preload().catch(() => {});
  return (
    <Link
      to={to}
      {...props}
      onPointerEnter={warm}
      onPointerDown={warm}
      onFocus={warm}
      onClick={(click) => {
        click.preventDefault();
        // Without the chunk (a dropped connection), an ordinary page load still gets there.
        preload().then(
          () => navigate(to),
          () => location.assign(to),
        );
      }}
    />
  );
}
