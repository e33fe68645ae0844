// What the check-in screen keeps on the phone, in IndexedDB: the attendee list it decides from
// (names, companies, ticket codes; never a phone or an e-mail: the door never receives them) with
// the account it belongs to, and the queue of what was decided without the server. The list goes
// when the door logs out; the queue stays until the server has it.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SignedInAccount } from '@shared/account.ts';
import type { Attendee } from './attendees.ts';
import type { QueuedAction } from './check-ins.ts';

export interface Snapshot {
  account: SignedInAccount;
  attendees: Attendee[];
}

interface DoorDb extends DBSchema {
  snapshot: { key: 'current'; value: Snapshot };
  queue: { key: number; value: QueuedAction };
}

const dbName = 'portaria';

export class DoorStore {
  private constructor(private readonly db: IDBPDatabase<DoorDb>) {}

  static async open(name = dbName): Promise<DoorStore> {
    const db = await openDB<DoorDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('snapshot');
        database.createObjectStore('queue', { keyPath: 'order', autoIncrement: true });
      },
    });
    return new DoorStore(db);
  }

  readSnapshot(): Promise<Snapshot | undefined> {
    return this.db.get('snapshot', 'current');
  }

  async saveSnapshot(snapshot: Snapshot): Promise<void> {
    await this.db.put('snapshot', snapshot, 'current');
  }

  async clearSnapshot(): Promise<void> {
    await this.db.delete('snapshot', 'current');
  }

  /** The queue, oldest first. */
  readQueue(): Promise<QueuedAction[]> {
    return this.db.getAll('queue');
  }

  /** Stores an action at the end of the queue; it comes back with its place (`order`). */
  async enqueue<T extends QueuedAction>(action: T): Promise<T> {
    // Without `order`, IndexedDB gives the next one.
    const unplaced: QueuedAction = { ...action };
    delete unplaced.order;
    const order = await this.db.add('queue', unplaced);
    return { ...action, order };
  }

  async dequeue(order: number): Promise<void> {
    await this.db.delete('queue', order);
  }

  close(): void {
    this.db.close();
  }
}
