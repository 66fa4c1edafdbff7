/**
 * Where a sign-in lands: a path of this site given as `returnTo` (/login?returnTo=…, and the OIDC
 * start). Read by the API (the OIDC start) and the sign-in page alike, so both refuse the same things.
 */

/**
 * A path of this site, or `/`. A browser reads `//host` and `/\host` as another site, and drops tabs
 * and line breaks from an address (`/\t/host` is `//host`), so a value must start with one `/` and hold
 * no backslash and no control character; what is left is a path, query and fragment of this origin.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return '/';
  return /[\\\p{Cc}]/u.test(value) ? '/' : value;
}
