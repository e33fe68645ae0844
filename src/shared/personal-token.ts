// A person's own link's token (/inscricao/<token>, decision 0130), the one shape every side
// knows: base64url, 128 random bits after 48 bits of the time it was made (30 characters,
// decision 0152), or the 128 random bits alone (22 characters) of a token made before.
const tokenShape = /^(?:[A-Za-z0-9_-]{8})?[A-Za-z0-9_-]{22}$/;

/** Anything else is no token of ours: the server answers not found before the database sees it. */
export function isPersonalToken(value: string): boolean {
  return tokenShape.test(value);
}
