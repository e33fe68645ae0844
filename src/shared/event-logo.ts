// The event's logo (issue 33.2): what the settings hold of it (its address, width and height, so
// every page and e-mail sets them and nothing shifts as it loads), the address it is served from
// (named by its content's hash, so it never changes and is cached for good) and its limits. No zod
// here: the public pages read it.

/** What the settings keep: `null` without a logo. */
export interface EventLogo {
  /** `/imagens/<hash>.png` or `.jpg`: the content's hash names it. */
  url: string;
  width: number;
  height: number;
}

export const logoLimits = {
  /** What PUT /api/admin/event/logo takes. */
  bytes: 2 * 1024 * 1024,
  /** Wider images are scaled down to this; narrower ones are kept as they are. */
  width: 480,
  /** A picture of more pixels than this is refused before it is decoded (a decompression bomb). */
  inputPixels: 40_000_000,
} as const;

/** The picture formats the logo may be sent in, by Content-Type. */
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The logos' addresses: a 32-hex-digit hash and the stored format's extension. */
export const logoUrlPattern = /^\/imagens\/[0-9a-f]{32}\.(png|jpg)$/;

/** How the pages describe the logo to someone who cannot see it. */
export function logoAlt(eventName: string): string {
  return `Logotipo de ${eventName}`;
}
