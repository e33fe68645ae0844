// The phone's store against a real IndexedDB implementation (fake-indexeddb, in memory).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { attendee } from '#test/builders/attendees.ts';
import type { QueuedCheckIn } from './check-ins.ts';
import { DoorStore } from './door-store.ts';

function checkIn(name: string): QueuedCheckIn {
  const id = crypto.randomUUID();
  return {
    kind: 'check-in',
    key: crypto.randomUUID(),
    request: { code: `code-${name}-0000`, scanned_at: '2025-12-06T12:31:00.000Z' },
    attendeeId: id,
    name,
    by: 'porta@exemplo.com',
  };
}

describe('DoorStore', () => {
  it('keeps the queue in order across reopening, and forgets what was sent', async () => {
    const name = `portaria-${crypto.randomUUID()}`;
    let store = await DoorStore.open(name);
    const a = await store.enqueue(checkIn('A'));
    const b = await store.enqueue(checkIn('B'));
    await store.enqueue(checkIn('C'));
    expect(a.order).toBeLessThan(b.order!);
    store.close();

    store = await DoorStore.open(name);
    expect((await store.readQueue()).map((action) => action.name)).toEqual(['A', 'B', 'C']);
    await store.dequeue(b.order!);
    expect((await store.readQueue()).map((action) => action.name)).toEqual(['A', 'C']);
    store.close();
  });

  it('keeps one snapshot of the list, until it is cleared', async () => {
    const store = await DoorStore.open(`portaria-${crypto.randomUUID()}`);
    expect(await store.readSnapshot()).toBeUndefined();
    const snapshot = {
      account: { email: 'p@x.com', role: 'door' as const },
      attendees: [attendee()],
    };
    await store.saveSnapshot(snapshot);
    expect(await store.readSnapshot()).toEqual(snapshot);
    await store.clearSnapshot();
    expect(await store.readSnapshot()).toBeUndefined();
    store.close();
  });
});
