// The identity service's own HTML: the sign-in page, the logout confirmation (submitted by
// itself) and the signed-out page. Plain server-rendered HTML with inline CSS; every dynamic value
// is escaped.

/** The message shown for any wrong e-mail or password (never says which). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid e-mail or password.';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;color:#1a2027}
  main{width:100%;max-width:380px;margin:16px;padding:32px;background:#fff;border-radius:8px;
    box-shadow:0 2px 8px rgba(0,0,0,.12)}
  h1{margin:0 0 4px;font-size:1.6rem;color:#0b3d91}
  h2{margin:0 0 24px;font-size:1.05rem;font-weight:400;color:#4a5560}
  label{display:block;margin:16px 0 6px;font-weight:600}
  input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #8a96a3;border-radius:4px}
  input:focus{outline:3px solid #7aa7ff;outline-offset:1px;border-color:#0b3d91}
  button{width:100%;margin-top:24px;padding:12px;font-size:1rem;font-weight:600;color:#fff;
    background:#0b3d91;border:0;border-radius:4px;cursor:pointer}
  button:hover,button:focus{background:#082c69}
  .alert{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fdecea;color:#8a1c12;
    border:1px solid #f5c2bd}
  .alert:empty{display:none}`;

function layout(title: string, body: string, nonce?: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
${script && nonce ? `<script nonce="${escapeHtml(nonce)}">${script}</script>` : ''}
</body>
</html>`;
}

/** The sign-in page: e-mail and password, with an alert region for errors. */
export function renderSignInPage(opts: {
  productName: string;
  action: string;
  email?: string;
  error?: string;
}): string {
  const hasEmail = Boolean(opts.email);
  const error = opts.error ? escapeHtml(opts.error) : '';
  return layout(
    `Sign in · ${opts.productName}`,
    `<h1>${escapeHtml(opts.productName)}</h1>
<h2>Sign in to continue</h2>
<div id="sign-in-error" class="alert" role="alert" aria-live="assertive">${error}</div>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required
    value="${escapeHtml(opts.email ?? '')}"${hasEmail ? '' : ' autofocus'}${error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${hasEmail ? ' autofocus' : ''}${error ? ' aria-describedby="sign-in-error"' : ''}>
  <button type="submit">Sign in</button>
</form>`,
  );
}

/** The set-password page of an invite's link (issue 14): the account's e-mail, the password twice, the rules. */
export function renderSetPasswordPage(opts: {
  productName: string;
  action: string;
  token: string;
  email: string;
  minLength: number;
  maxLength: number;
  errors?: { password?: string; confirmPassword?: string };
}): string {
  const passwordError = opts.errors?.password ? escapeHtml(opts.errors.password) : '';
  const confirmError = opts.errors?.confirmPassword ? escapeHtml(opts.errors.confirmPassword) : '';
  const invalid = (error: string, id: string) =>
    error
      ? ` aria-invalid="true" aria-describedby="${id} password-rules"`
      : ' aria-describedby="password-rules"';
  return layout(
    `Set your password · ${opts.productName}`,
    `<h1>${escapeHtml(opts.productName)}</h1>
<h2>Set your password</h2>
<p>Your account: <strong>${escapeHtml(opts.email)}</strong></p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
  <input type="hidden" name="token" value="${escapeHtml(opts.token)}">
  <input type="text" name="username" autocomplete="username" value="${escapeHtml(opts.email)}" hidden>
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required autofocus
    maxlength="${opts.maxLength * 4}"${invalid(passwordError, 'password-error')}>
  <div id="password-error" class="alert" role="alert">${passwordError}</div>
  <label for="confirmPassword">Confirm password</label>
  <input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required
    maxlength="${opts.maxLength * 4}"${invalid(confirmError, 'confirm-error')}>
  <div id="confirm-error" class="alert" role="alert">${confirmError}</div>
  <p id="password-rules">At least ${opts.minLength} and at most ${opts.maxLength} characters; spaces are allowed.
    A long phrase is easiest to remember.</p>
  <button type="submit">Set password and sign in</button>
</form>`,
  );
}

/** A page with one message (an expired sign-in, too many attempts). */
export function renderMessagePage(opts: { productName: string; title: string; message: string }): string {
  return layout(
    `${opts.title} · ${opts.productName}`,
    `<h1>${escapeHtml(opts.productName)}</h1>
<h2>${escapeHtml(opts.title)}</h2>
<p role="alert">${escapeHtml(opts.message)}</p>`,
  );
}

/**
 * The logout confirmation: oidc-provider's form (with its xsrf token) plus `logout=yes`, submitted
 * by a nonce-bound script; the button remains for browsers without scripts.
 */
export function renderLogoutPage(opts: { productName: string; form: string; nonce: string }): string {
  const form = opts.form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    `Signing out · ${opts.productName}`,
    `<h1>${escapeHtml(opts.productName)}</h1>
<h2>Signing you out…</h2>
${form}
<button type="submit" form="op.logoutForm">Sign out</button>`,
    opts.nonce,
    `document.getElementById('op.logoutForm').submit();`,
  );
}

/** The Content-Security-Policy of our pages: no scripts but a nonce-bound one, forms only to our origins. */
export function pageCsp(formOrigins: readonly string[], nonce?: string): string {
  return [
    "default-src 'none'",
    `script-src ${nonce ? `'nonce-${nonce}'` : "'none'"}`,
    "style-src 'unsafe-inline'",
    // a form submission's redirect chain ends at the web app, on one of these origins
    `form-action 'self' ${formOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
