// Why a change to a registration was refused: the routes turn each into its code of the error
// table (http-errors.ts).

export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate e-mail');
  }
}

export class NotConfirmedError extends Error {
  constructor() {
    super('registration not confirmed');
  }
}

/** No seat left: the confirmed count is at the capacity (decision 0130). */
export class CapacityReachedError extends Error {
  constructor() {
    super('no seat left');
  }
}

/** The registration is cancelled: restore it first (decision 0130). */
export class CancelledError extends Error {
  constructor() {
    super('registration cancelled');
  }
}

export class NotCancelledError extends Error {
  constructor() {
    super('registration not cancelled');
  }
}

/** The registration is of a past edition: read-only but for its erasure (decision 0112). */
export class PastEditionError extends Error {
  constructor() {
    super('registration of a past edition');
  }
}

/** The person was let in: the entry is undone before a cancellation (issue 31.5). */
export class CheckedInError extends Error {
  constructor() {
    super('registration checked in');
  }
}
