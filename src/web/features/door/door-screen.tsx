// The check-in screen, for a phone in one hand: the counters, the verdict, the camera, the search.
import { LogOut, TriangleAlert, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useLogout } from '@/features/session/use-logout.ts';
import type { Attendee } from './attendees.ts';
import { AttendanceNotice } from './attendance-notice.tsx';
import { AttendeeSearchPanel } from './attendee-search-panel.tsx';
import { CameraView } from './camera-view.tsx';
import { ConflictsList } from './conflicts-list.tsx';
import type { DoorStore } from './door-store.ts';
import { doorTexts } from './door-texts.ts';
import { useDoor, type DoorOptions } from './use-door.ts';
import { useQrScanner } from './use-qr-scanner.ts';
import { VerdictPanel } from './verdict-panel.tsx';

const texts = doorTexts;

export interface DoorScreenProps extends DoorOptions {
  store: DoorStore | null;
  onLoggedOut(): void;
}

export function DoorScreen({ onLoggedOut, ...options }: DoorScreenProps) {
  const event = useEvent();
  useDocumentTitle(`${texts.title} · ${event.name}`);
  const { logout: endSession } = useLogout({ onLoggedOut, failed: texts.header.logoutFailed });
  const door = useDoor(options);
  const { videoRef, state: camera, retry } = useQrScanner(door.scan);
  const verdictRef = useRef<HTMLDivElement>(null);

  const checkIn = useCallback(
    (attendee: Attendee) => {
      void door.checkInById(attendee.id);
      verdictRef.current?.scrollIntoView({ block: 'nearest' });
    },
    [door],
  );

  const undoEntry = useCallback(
    (attendee: Attendee) => {
      void door.undoEntry(attendee);
      verdictRef.current?.scrollIntoView({ block: 'nearest' });
    },
    [door],
  );

  // Without a store (a private window), or when it refused a check-in, the queue lives in this page
  // only: closing or reloading it while that waits to be sent loses it, so the browser asks first
  // (decision 0165).
  const unsavedQueue = door.unsaved > 0;
  useEffect(() => {
    if (!unsavedQueue) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = texts.offline.unsavedQueue;
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [unsavedQueue]);

  async function logout() {
    // What is queued is sent with this session: leaving now would lose it.
    if (door.queued > 0) {
      toast.warning(texts.header.logoutBlocked, { id: 'door-logout-blocked' });
      return;
    }
    await endSession(async () => {
      door.stopLive();
      await options.store?.clearSnapshot().catch(() => {});
    });
  }

  return (
    <div className="min-h-dvh">
      <header className="bg-card border-b">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 py-2.5">
          <div className="min-w-0">
            <p className="text-muted-foreground text-sm font-medium">{event.name}</p>
            <h1 className="text-xl font-bold tracking-tight">{texts.title}</h1>
          </div>
          <p className="text-center">
            <span className="sr-only">
              {texts.header.counts(door.counts.checkedIn, door.counts.confirmed)}
            </span>
            <span aria-hidden="true" className="door-count block">
              {door.counts.checkedIn.toLocaleString('pt-BR')}
              <span className="text-muted-foreground text-lg">
                /{door.counts.confirmed.toLocaleString('pt-BR')}
              </span>
            </span>
            <span aria-hidden="true" className="text-muted-foreground text-sm">
              {texts.header.checkedIn}
            </span>
          </p>
          <Button variant="outline" size="sm" onClick={logout} title={options.session.email}>
            <LogOut aria-hidden="true" className="size-4 shrink-0" />
            {texts.header.logout}
          </Button>
        </div>
        <ConnectionLine offline={door.offline} connection={door.connection} queued={door.queued} />
      </header>

      <main className="mx-auto grid max-w-md gap-4 px-4 py-5">
        <AttendanceNotice />
        {!options.store && (
          <p className="door-conflicts flex items-start gap-2 p-3 text-sm font-semibold">
            <TriangleAlert aria-hidden="true" className="text-destructive size-5 shrink-0" />
            {texts.offline.notKept}
          </p>
        )}
        {door.othersQueued.map(({ by, count }) => (
          <p key={by} className="door-conflicts flex items-start gap-2 p-3 text-sm font-semibold">
            <TriangleAlert aria-hidden="true" className="text-destructive size-5 shrink-0" />
            {texts.offline.othersQueued(count, by)}
          </p>
        ))}
        {door.listState === 'forbidden' && (
          <p role="alert" className="text-destructive font-semibold">
            {texts.noAccess}
          </p>
        )}
        {door.listState === 'error' && (
          <div className="flex items-center justify-between gap-3">
            <p>{texts.list.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={door.reload}>
              {texts.list.retry}
            </Button>
          </div>
        )}
        <div ref={verdictRef} className="grid gap-2">
          <VerdictPanel shown={door.shown} checking={door.checking} />
          {door.undoable && (
            <Button variant="outline" size="lg" onClick={() => void door.undo()}>
              <Undo2 aria-hidden="true" className="size-5 shrink-0" />
              {texts.verdict.undo}
            </Button>
          )}
        </div>
        <CameraView videoRef={videoRef} state={camera} onRetry={retry} />
        {door.listState === 'loading' ? (
          <p role="status" className="text-muted-foreground text-center">
            {texts.list.loading}
          </p>
        ) : (
          <AttendeeSearchPanel attendees={door.attendees} onCheckIn={checkIn} onUndo={undoEntry} />
        )}
        <ConflictsList
          conflicts={door.conflicts}
          late={door.late}
          onUndoLate={(key) => void door.undoLate(key)}
          onDismiss={(key) => {
            door.dismissConflict(key);
            door.dismissLate(key);
          }}
        />
      </main>
    </div>
  );
}

function ConnectionLine({
  offline,
  connection,
  queued,
}: {
  offline: boolean;
  connection: string;
  queued: number;
}) {
  const line = offline
    ? texts.header.offline
    : connection === 'live'
      ? texts.header.live
      : texts.header.connecting;
  return (
    <div role="status" className={offline ? 'door-offline' : undefined}>
      <div className="mx-auto flex max-w-md flex-col gap-1 px-4 py-2.5 text-sm">
        <p className="flex items-center gap-2 font-semibold">
          <span
            aria-hidden="true"
            className={
              offline
                ? 'bg-destructive size-2 rounded-full'
                : connection === 'live'
                  ? 'bg-success size-2 rounded-full'
                  : 'bg-muted-foreground size-2 animate-pulse rounded-full'
            }
          />
          <span>{line}</span>
          {queued > 0 && <span>· {texts.offline.queued(queued)}</span>}
        </p>
        {offline && <p>{texts.offline.banner}</p>}
      </div>
    </div>
  );
}
