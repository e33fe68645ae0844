// What can wait on a phone, folded under a button, so the first person shows on the first screen
// (issue 31.12); on a wider screen it is simply there.
import { useId, useState, type ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query.ts';

/** Tailwind's `sm`: below it the panel is laid out for a phone. */
const wide = '(min-width: 640px)';

export interface FoldOnPhoneProps {
  texts: { show: string; hide: string };
  children: ReactNode;
}

export function FoldOnPhone({ texts, children }: FoldOnPhoneProps) {
  const isWide = useMediaQuery(wide);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (isWide) return children;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="text-muted-foreground focus-visible:ring-ring mt-1 rounded-sm text-sm underline underline-offset-2 focus-visible:ring-2 focus-visible:outline-none"
      >
        {open ? texts.hide : texts.show}
      </button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </>
  );
}
