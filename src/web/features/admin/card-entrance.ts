// Which cards animate in: the first screen of the initial list, and cards that arrive later
// (live, or found by a reload). A card that only scrolls into view does not.

/** Stagger steps of 0.1 s, capped: thousands of cards must not take minutes. */
export const maxStagger = 10;
/** Cards of one arrival that animate: with the initial list, the rest start off-screen. */
const initialAnimated = 24;
/** A card mounting later than this after its arrival no longer animates. */
const freshForMs = 1500;

export class CardEntrances {
  private readonly entries = new Map<string, { step: number; at: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * Cards that were not in the list before, in list order (the whole first list, too): 0 s,
   * 0.1 s, 0.2 s ... for the first ones.
   */
  arrived(ids: readonly string[]): void {
    const at = this.now();
    ids.slice(0, initialAnimated).forEach((id, index) => {
      this.entries.set(id, { step: Math.min(index, maxStagger), at });
    });
  }

  /** The stagger step for a card mounting now, or null when it should not animate. */
  stepFor(id: string): number | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (this.now() - entry.at > freshForMs) {
      this.entries.delete(id);
      return null;
    }
    return entry.step;
  }
}
