// The camera's picture, with where to hold the ticket, or why there is no camera.
import { Button } from '@/components/ui/button.tsx';
import { doorTexts } from './door-texts.ts';
import type { CameraProblem, CameraState } from './use-qr-scanner.ts';

const texts = doorTexts.camera;

const messages: Record<CameraProblem, string> = {
  denied: texts.denied,
  absent: texts.absent,
  insecure: texts.insecure,
  busy: texts.busy,
  decoder: texts.decoder,
};

export interface CameraViewProps {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  state: CameraState;
  onRetry(): void;
}

export function CameraView({ videoRef, state, onRetry }: CameraViewProps) {
  const failed = state.kind === 'failed';
  return (
    <section aria-label={texts.label} className="door-camera" data-state={state.kind}>
      {/* The picture helps aim; what it reads is announced in the verdict. */}
      <video ref={videoRef} muted playsInline aria-hidden="true" />
      {state.kind === 'starting' && (
        <p className="door-camera-message" role="status">
          {texts.starting}
        </p>
      )}
      {failed && (
        <div className="door-camera-message" role="alert">
          <p>{messages[state.problem]}</p>
          {state.problem !== 'insecure' && state.problem !== 'decoder' && (
            // The message's white would carry over to the light button: it sets its own text colour.
            <Button variant="outline" size="sm" className="text-foreground" onClick={onRetry}>
              {texts.retry}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
