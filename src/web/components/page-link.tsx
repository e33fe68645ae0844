// A link to another page of the site. When that page is a lazy chunk, the chunk starts loading as
// soon as the visitor shows the intent (pointer over it, finger down, keyboard focus), and the
// click waits for it: the current page stays on screen until the next one can show at once. A
// page the server sends without script is loaded as a document: it comes with its own style
// sheet, which the current page's may not cover (docs/decisions/0100, 0101).
import type { ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';
import { scriptlessPages } from '@shared/paths.ts';
import { usePagePreload } from '@/lib/page-preloads.ts';

export type PageLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

export function PageLink({ to, ...props }: PageLinkProps) {
  const [, navigate] = useLocation();
  const preload = usePagePreload(to);
  if (scriptlessPages.includes(to)) return <a href={to} {...props} />;
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
