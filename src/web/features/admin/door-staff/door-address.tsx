// The door's full address (PUBLIC_URL and /portaria) and a QR code of it, for an organizer to
// send to door staff or show them on a screen. The QR comes from `qrcode`, the library the
// tickets use, loaded the first time this block shows (the panel's first load does without it),
// and drawn as one SVG path: no canvas, no inline markup from a string.
import { useEffect, useState } from 'react';
import { paths } from '@shared/paths.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { readPublicUrl } from '@/lib/public-url.ts';
import { doorStaffTexts as texts } from './door-staff-texts.ts';

/** The modules of a QR code: a square of `size`, dark where `dark[y * size + x]`. */
interface QrModules {
  size: number;
  dark: ArrayLike<number | boolean>;
}

async function qrModules(text: string): Promise<QrModules> {
  const { create } = await import('qrcode');
  // The tickets' error correction (src/server/tickets/ticket-qr.ts).
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: modules.data };
}

/** One path of the dark modules, with the standard four-module quiet zone around them. */
function qrPath({ size, dark }: QrModules): string {
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (dark[y * size + x]) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
  }
  return path;
}

export function doorAddress(): string {
  return new URL(paths.door, readPublicUrl()).href;
}

export function DoorAddress() {
  const url = doorAddress();
  const [qr, setQr] = useState<QrModules | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    qrModules(url).then(
      (modules) => current && setQr(modules),
      () => current && setQr('failed'),
    );
    return () => {
      current = false;
    };
  }, [url]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.copyFailed);
    }
  }

  return (
    <section
      aria-labelledby="endereco-portaria"
      className="bg-card grid gap-4 rounded-lg border p-5"
    >
      <div>
        <h3 id="endereco-portaria" className="text-lg font-bold">
          {texts.addressHeading}
        </h3>
        <p className="text-muted-foreground text-sm">{texts.addressIntro}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={url}
          className="text-primary font-mono text-base font-semibold underline [overflow-wrap:anywhere]"
        >
          {url}
        </a>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {texts.copy}
        </Button>
      </div>
      {qr === null && (
        <p role="status" className="text-muted-foreground text-sm">
          {texts.qrLoading}
        </p>
      )}
      {qr === 'failed' && <p role="alert">{texts.qrFailed}</p>}
      {qr !== null && qr !== 'failed' && (
        <svg
          role="img"
          aria-label={texts.qrLabel(url)}
          viewBox={`0 0 ${qr.size + 8} ${qr.size + 8}`}
          shapeRendering="crispEdges"
          className="size-60 max-w-full rounded bg-white"
        >
          <path d={qrPath(qr)} fill="#000" />
        </svg>
      )}
    </section>
  );
}
