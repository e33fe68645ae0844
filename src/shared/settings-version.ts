// The version of the current edition's settings, as GET /api/admin/event names it in its ETag and
// a save names it back in If-Match (decision 0215): the edition and its revision, so that a save
// read before another edition became current is refused as well as one read before another save.
// The panel makes the same tag from the edition its live stream tells of ({id, revision}).

/** What names a version: the edition and its revision (a number that goes up with each save). */
export interface SettingsVersion {
  id: string;
  revision: number;
}

/** A strong entity tag: `"<edition id>.<revision>"`. */
export function settingsEtag(edition: SettingsVersion): string {
  return `"${edition.id}.${edition.revision}"`;
}

/**
 * Whether a save with this If-Match may go over `edition` (RFC 9110, 13.1.1): no header (a
 * script), `*`, or a list naming its tag, compared strongly (a weak tag never matches).
 */
export function ifMatchAllows(header: string | undefined, edition: SettingsVersion): boolean {
  if (header === undefined) return true;
  if (header.trim() === '*') return true;
  const etag = settingsEtag(edition);
  return header.split(',').some((tag) => tag.trim() === etag);
}
