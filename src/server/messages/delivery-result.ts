// What a provider's answer means for a message, before the retry policy turns it into a time.
export type DeliveryResult =
  | { kind: 'accepted'; providerId: string | null }
  /** Worth trying again later: a full mailbox server, a rate limit, the network. */
  | { kind: 'temporary'; code: string; message: string }
  /** Trying again would give the same answer: the address or the number is refused. */
  | { kind: 'permanent'; code: string; message: string }
  /**
   * Our credentials or our account are refused (a bad token or password, a locked or unpaid
   * account): every message would fail, so the channel waits.
   */
  | { kind: 'credentials'; code: string; message: string }
  /**
   * Never handed to the provider (no ticket, cancelled, deleted): it fails, and says nothing of
   * whether the channel works.
   */
  | { kind: 'unsendable'; code: string; message: string };
