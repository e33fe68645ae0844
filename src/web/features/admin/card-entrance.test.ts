import { describe, expect, it } from 'vitest';
import { CardEntrances } from './card-entrance.ts';

describe('CardEntrances', () => {
  it('staggers the first cards of the initial list by one step each, capped at 10', () => {
    let now = 0;
    const entrances = new CardEntrances(() => now);
    const ids = Array.from({ length: 40 }, (_, i) => `r${i}`);
    entrances.arrived(ids);
    expect(['r0', 'r1', 'r2', 'r10', 'r15', 'r23'].map((id) => entrances.stepFor(id))).toEqual([
      0, 1, 2, 10, 10, 10,
    ]);
    // Off-screen at first: no entrance when scrolled to.
    expect(entrances.stepFor('r24')).toBeNull();
    now = 100;
    expect(entrances.stepFor('r1')).toBe(1);
  });

  it('animates an arriving card only if it mounts soon after arriving', () => {
    let now = 0;
    const entrances = new CardEntrances(() => now);
    entrances.arrived(['new']);
    expect(entrances.stepFor('new')).toBe(0);
    expect(entrances.stepFor('other')).toBeNull();
    now = 5000;
    expect(entrances.stepFor('new')).toBeNull();
  });
});
