// The camera decodes the same QR on every frame while it is in view: one scan per appearance.
// A code counts again once it has been out of view for a moment (the person lowered the phone
// and shows it again), or when another code shows up.

/** How long a code must have been out of view before showing it again is a new scan. */
export const absentForNewScanMs = 800;

export class ScanGate {
  private last: string | null = null;
  private lastSeenAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly absentMs = absentForNewScanMs) {}

  /** One decoded frame (`value` null: no code in view) at `now` (ms); true for a new scan. */
  frame(value: string | null, now: number): boolean {
    if (value === null) return false;
    const isNew = value !== this.last || now - this.lastSeenAt > this.absentMs;
    this.last = value;
    this.lastSeenAt = now;
    return isNew;
  }
}
