// What a provider's answer means for a message, before the retry policy turns it into a time.
export type DeliveryResult =
  | { kind: 'accepted'; providerId: string | null }
  /** Worth trying again later: a full mailbox server, a rate limit, the network. */
  | { kind: 'temporary'; code: string; message: string }
  /** Trying again would give the same answer: the address or the number is refused. */
  | { kind: 'permanent'; code: string; message: string }
  /** Our credentials are refused: every message would fail, so the channel waits. */
  | { kind: 'credentials'; code: string; message: string };
