// The organizer's logo (issue 33.2), as every public page shows it: its width and height set, so
// the page keeps its place for it and nothing moves when it arrives; a fixed height on screen and
// the width it takes from the picture's shape, never wider than the column. Nothing without one.
import { logoAlt, type EventLogo as Logo } from '@shared/event-logo.ts';
import { cn } from '@/lib/cn.ts';

export function EventLogo({
  logo,
  eventName,
  className,
}: {
  logo: Logo | null;
  eventName: string;
  className?: string;
}) {
  if (!logo) return null;
  return (
    <img
      src={logo.url}
      width={logo.width}
      height={logo.height}
      alt={logoAlt(eventName)}
      decoding="async"
      className={cn('h-14 w-auto max-w-full object-contain sm:h-16', className)}
    />
  );
}
