// Deleting registrations for good: the organizer's DELETE and the retention purge go through
// here, so both give the same guarantees. Each registration leaves in its own transaction with
// its live change (deletion.repository.ts), every panel is told, and on SQLite the bytes
// are gone from the files: secure_delete zeroes the rows in the main file, and a checkpoint
// moves those pages out of the write-ahead log and empties it (it still held the rows as they
// were). The checkpoint never makes a request wait on another connection's read (a backup,
// `npm run admin`): it is then retried in the background every second for a minute.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../audit/actor.ts';
import { deleteRegistration } from './deletion.repository.ts';

export interface RegistrationErasure {
  /**
   * Deletes these registrations; returns the ids that existed and are now gone. `actor` is the
   * account the audit trail names for each deletion; null for the server's own jobs.
   * `fillSeats: false` leaves the seats freed to nobody (the retention purge: its event is long
   * over, and a waitlisted person would get a ticket for it). `eraseCertificates`: their issued
   * certificates go too (the organizer chose so); otherwise they stay verifiable (issue 36.7).
   */
  erase(
    ids: readonly string[],
    actor: Actor | null,
    options?: { fillSeats?: boolean; eraseCertificates?: boolean },
  ): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    erasure: RegistrationErasure;
  }
}

const retryEveryMs = 1_000;
const retries = 60;

async function registrationErasure(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let attemptsLeft = 0;

  async function checkpoint(): Promise<boolean> {
    try {
      return await app.db.checkpoint();
    } catch (error) {
      app.log.error({ err: error }, 'checkpoint after a deletion failed');
      return false;
    }
  }

  function stop() {
    clearInterval(timer);
    timer = undefined;
  }

  async function retry() {
    if (await checkpoint()) return stop();
    attemptsLeft -= 1;
    if (attemptsLeft > 0) return;
    stop();
    // The rows are gone from every query; only their old bytes remain, until the next checkpoint.
    app.log.warn(
      `a deleted registration is still in the SQLite write-ahead log: another connection kept ` +
        `reading the database file for ${(retries * retryEveryMs) / 1000} s; the next ` +
        `deletion, or closing the other connection and then this server, erases it`,
    );
  }

  async function afterDeletion() {
    if (await checkpoint()) return;
    attemptsLeft = retries; // every deletion gets its full minute
    if (timer) return;
    timer = setInterval(() => void retry(), retryEveryMs);
    timer.unref();
  }

  app.decorate('erasure', {
    async erase(ids, actor, { fillSeats = true, eraseCertificates = false } = {}) {
      const erased: string[] = [];
      for (const id of ids) {
        // A confirmed person erased frees a seat: the waiting list gets it, in the same
        // transaction (decision 0130).
        const result = await deleteRegistration(
          app.db.kysely,
          id,
          actor,
          fillSeats ? app.messagePlan : null,
          { eraseCertificate: eraseCertificates },
        );
        if (result.erased) erased.push(id);
      }
      if (erased.length === 0) return erased;
      await afterDeletion();
      return erased;
    },
  } satisfies RegistrationErasure);
  app.addHook('onClose', async () => stop());
}

export default fp(registrationErasure, { name: 'registration-erasure' });
