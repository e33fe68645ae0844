// The verdict on screen: the last scan's or search's, held until the next one.
import { useCallback, useRef, useState } from 'react';
import type { Attendee } from './attendees.ts';
import type { Verdict } from './check-ins.ts';

/** A shown verdict: `seq` tells two equal verdicts apart (each is announced). */
export interface ShownVerdict {
  verdict: Verdict;
  seq: number;
  /** `performance.now()` when the QR was decoded (scans only): the bench's start. */
  decodedAt?: number;
  /** The check-in this verdict made, which 'Desfazer' undoes. */
  undoable?: { key: string; attendee: Attendee };
}

export type ShowVerdict = (verdict: Verdict, extra?: Omit<ShownVerdict, 'verdict' | 'seq'>) => void;

/** How long the screen waits for an answer before it says it is checking. */
const checkingAfterMs = 150;

export function useVerdict() {
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [checking, setChecking] = useState(false);
  const seq = useRef(0);

  const show = useCallback<ShowVerdict>((verdict, extra = {}) => {
    seq.current += 1;
    setChecking(false);
    setShown({ verdict, seq: seq.current, ...extra });
  }, []);

  /** 'Verificando...' if no verdict comes within a moment; returns what cancels it. */
  const checkingSoon = useCallback(() => {
    const timer = setTimeout(() => setChecking(true), checkingAfterMs);
    return () => clearTimeout(timer);
  }, []);

  return { shown, checking, show, checkingSoon };
}
