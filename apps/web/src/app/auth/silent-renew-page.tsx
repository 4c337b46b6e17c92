// /silentrenew: loaded in a hidden iframe during silent renewal. AuthProvider's signinCallback posts the result
// to the parent window; the page itself shows nothing.

/** The silent-renew target page: intentionally empty. */
export default function SilentRenewPage() {
  return null;
}
