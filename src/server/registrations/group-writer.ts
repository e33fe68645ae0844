// New registrations on PostgreSQL, written in groups: the ones that arrive while earlier ones are
// being written go together in the next group, one statement or transaction and one commit for
// all of them; each request is answered once the commit that holds it is done. Should a group
// fail, each of its registrations is written again alone, so a bad one fails alone. Used by the
// grouped insert (new-registrations.postgres.ts) and by automatic admission
// (admitted-registrations.postgres.ts), which differ in what they write and how many groups may be
// in flight at once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import type { RegistrationInput } from './new-registration.ts';

type Input = RegistrationInput;

export interface GroupWriterOptions<Output> {
  /** Registrations per group. */
  maxGroup: number;
  /** Groups being written at once. */
  maxInFlight: number;
  /** Writes one group, all with the same plan: one outcome per input, in order. */
  write(db: Kysely<Database>, inputs: readonly Input[], plan: MessagePlan): Promise<Output[]>;
}

interface Pending<Output> {
  input: Input;
  plan: MessagePlan;
  settle(outcome: { written: Output } | { error: unknown }): void;
}

/** One writer per database pool: `write(db, input, plan)` resolves with that input's outcome. */
export function groupWriter<Output>(
  options: GroupWriterOptions<Output>,
): (db: Kysely<Database>, input: Input, plan: MessagePlan) => Promise<Output> {
  const writers = new WeakMap<
    Kysely<Database>,
    (input: Input, plan: MessagePlan) => Promise<Output>
  >();
  return (db, input, plan) => {
    let write = writers.get(db);
    if (!write) {
      write = queueFor(db, options);
      writers.set(db, write);
    }
    return write(input, plan);
  };
}

function queueFor<Output>(db: Kysely<Database>, options: GroupWriterOptions<Output>) {
  const queue: Pending<Output>[] = [];
  let inFlight = 0;

  async function writeGroup(group: readonly Pending<Output>[]): Promise<void> {
    try {
      const written = await options.write(
        db,
        group.map((p) => p.input),
        group[0]!.plan,
      );
      group.forEach((pending, i) => pending.settle({ written: written[i]! }));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.settle({ error });
        return;
      }
      // Something in the group failed it: each alone, in arrival order, so only that one fails.
      for (const pending of group) await writeGroup([pending]);
    }
  }

  function next() {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      // One plan per group (an instance has one; a test may pass others).
      const plan = queue[0]!.plan;
      const group: Pending<Output>[] = [];
      for (let i = 0; i < queue.length && group.length < options.maxGroup;) {
        if (queue[i]!.plan === plan) group.push(...queue.splice(i, 1));
        else i += 1;
      }
      inFlight += 1;
      void writeGroup(group).finally(() => {
        inFlight -= 1;
        next();
      });
    }
  }

  return (input: Input, plan: MessagePlan) =>
    new Promise<Output>((resolve, reject) => {
      queue.push({
        input,
        plan,
        settle: (outcome) =>
          'error' in outcome ? reject(outcome.error) : resolve(outcome.written),
      });
      next();
    });
}
