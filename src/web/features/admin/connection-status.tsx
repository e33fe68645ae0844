// 'Ao vivo', or 'Reconectando...' while the panel's live stream is down: the list's header and
// 'Resultados' say it alike, so the organizer knows whether what they read keeps up with the door.
import { cn } from '@/lib/cn.ts';
import type { Connection } from '@/lib/use-live-stream.ts';
import { adminTexts } from './admin-texts.ts';

export function ConnectionStatus({
  connection,
  className,
}: {
  connection: Connection;
  className?: string;
}) {
  return (
    <p role="status" className={cn('flex items-center gap-2', className)}>
      {connection !== 'connecting' && (
        <>
          <span
            aria-hidden="true"
            className={
              connection === 'live'
                ? 'bg-success size-2 rounded-full'
                : 'bg-warning-foreground size-2 animate-pulse rounded-full'
            }
          />
          {connection === 'live' ? adminTexts.header.live : adminTexts.header.reconnecting}
        </>
      )}
    </p>
  );
}
