// The verdict on screen: the last scan's or search's, held until the next one. Answers can arrive
// out of order (a slow one for an earlier scan): only the newest scan's verdict takes the screen;
// an older one is listed with the warnings instead.
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

/** The verdict of a scan or search that arrived after a newer one had started. */
export interface LateVerdict {
  key: string;
  verdict: Verdict;
  /** The check-in it made: its own 'Desfazer' in the warnings' list undoes it. */
  undoable?: ShownVerdict['undoable'];
}

/** One scan or search: its verdict, shown only if no newer one started since; `end` when done. */
export interface Turn {
  show: ShowVerdict;
  end(): void;
}

/** How long the screen waits for an answer before it says it is checking. */
const checkingAfterMs = 150;

export function useVerdict() {
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [checking, setChecking] = useState(false);
  const [late, setLate] = useState<LateVerdict[]>([]);
  const seq = useRef(0);
  const turns = useRef(0);

  const show = useCallback<ShowVerdict>((verdict, extra = {}) => {
    seq.current += 1;
    setChecking(false);
    setShown({ verdict, seq: seq.current, ...extra });
  }, []);

  /** A scan or search starts: 'Verificando...' if no verdict comes within a moment. */
  const begin = useCallback((): Turn => {
    turns.current += 1;
    const turn = turns.current;
    const newest = () => turn === turns.current;
    const timer = setTimeout(() => {
      if (newest()) setChecking(true);
    }, checkingAfterMs);
    return {
      show(verdict, extra) {
        clearTimeout(timer);
        // The person in front of the door is the newest scan's: an older verdict must not take
        // the screen (nor 'Desfazer'); it is recorded as usual, and said under the warnings.
        if (newest()) show(verdict, extra);
        else {
          const item = { key: `late-${turn}`, verdict, undoable: extra?.undoable };
          setLate((current) => [...current, item]);
        }
      },
      end: () => clearTimeout(timer),
    };
  }, [show]);

  const dismissLate = useCallback((key: string) => {
    setLate((current) => current.filter((item) => item.key !== key));
  }, []);

  /** A late verdict's check-in was undone: the item says so, with no 'Desfazer' left. */
  const settleLate = useCallback((key: string, verdict: Verdict) => {
    setLate((current) => current.map((item) => (item.key === key ? { key, verdict } : item)));
  }, []);

  return { shown, checking, show, begin, late, dismissLate, settleLate };
}
