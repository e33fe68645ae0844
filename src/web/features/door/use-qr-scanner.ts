// The camera, scanning continuously: one decode per video frame, frames skipped while a decode
// runs, one scan per appearance of a code (scan-gate.ts). Any failure becomes a reason the screen
// can explain in pt-BR; the search keeps working without a camera.
import { useEffect, useRef, useState } from 'react';
import { createQrDetector, type QrDetector } from './qr-detector.ts';
import { ScanGate } from './scan-gate.ts';

export type CameraProblem = 'denied' | 'absent' | 'insecure' | 'busy' | 'decoder';

export type CameraState =
  { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; problem: CameraProblem };

/** getUserMedia's refusals, by the DOMException's name. */
function problemOf(error: unknown): CameraProblem {
  switch ((error as Error | undefined)?.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'absent';
  }
}

/** `onScan(text, decodedAt)`: a new code in view; `decodedAt` is `performance.now()` at decoding. */
export function useQrScanner(onScan: (text: string, decodedAt: number) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    const fail = (problem: CameraProblem) => {
      if (!stopped) setState({ kind: 'failed', problem });
    };

    async function start() {
      const video = videoRef.current;
      // No camera API: an insecure origin (plain http on a LAN name) or a very old browser.
      if (!video || !navigator.mediaDevices?.getUserMedia) return fail('insecure');
      // Loads the decoder while the camera opens (the WebAssembly file on phones without one).
      const detecting = createQrDetector();
      detecting.catch(() => {});
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 640 }, height: { ideal: 480 } },
          audio: false,
        });
      } catch (error) {
        return fail(problemOf(error));
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // A play() interrupted by leaving the page; frames still arrive once shown.
      }
      let detector: QrDetector;
      try {
        detector = await detecting;
      } catch {
        return fail('decoder');
      }
      if (stopped) return;
      setState({ kind: 'scanning' });
      const gate = new ScanGate();
      const next = () => {
        if (stopped) return;
        if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(tick);
        else requestAnimationFrame(tick);
      };
      async function tick() {
        if (stopped) return;
        try {
          const codes = await detector.detect(video!);
          const decodedAt = performance.now();
          const value = codes[0]?.rawValue ?? null;
          if (!stopped && gate.frame(value, decodedAt)) onScanRef.current(value!, decodedAt);
        } catch (error) {
          // The decoder cannot run here (its WebAssembly refused or missing): say so, stop.
          if ((error as Error).name === 'NotSupportedError') return fail('decoder');
          // A frame not ready yet: the next one.
        }
        next();
      }
      next();
    }

    void start();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [attempt]);

  function retry() {
    setState({ kind: 'starting' });
    setAttempt((count) => count + 1);
  }

  return { videoRef, state, retry };
}
