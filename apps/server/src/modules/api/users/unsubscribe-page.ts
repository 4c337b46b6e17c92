// The page of a notification-only contact's unsubscribe link: plain server-rendered HTML, every value escaped. The
// GET shows a button (a link scanner that opens the URL unsubscribes nobody); the button posts to the same URL.
import { createHash } from 'node:crypto';
import { UNSUBSCRIBE_PAGE_TEXTS as T } from './unsubscribe-texts.ts';
import type { UnsubscribeOutcome } from './notification-user.service.ts';

const escape = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;color:#1a2027}
main{max-width:440px;margin:16px;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
h1{margin:0 0 16px;font-size:1.4rem;color:#0b3d91}
button{margin-top:16px;padding:12px 20px;font-size:1rem;font-weight:600;color:#fff;background:#0b3d91;border:0;
border-radius:4px;cursor:pointer}button:hover,button:focus{background:#082c69}`;

/** The page for an outcome: before (the button), done, already done, or a link that is not valid. */
/**
 * The page's Content Security Policy: its one inline style by hash, its form posting to this origin, nothing else (the
 * route table's answers otherwise get the API's policy, which loads nothing and would drop the style).
 */
export const UNSUBSCRIBE_PAGE_CSP = `default-src 'none'; script-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

export function renderUnsubscribePage(
  outcome: UnsubscribeOutcome,
  applied: boolean,
  notificationUserId: number,
  signature: string,
): string {
  const action = `/api/notificationuser/unsubscribe?u=${notificationUserId}&s=${encodeURIComponent(signature)}`;
  let title: string;
  let body: string;
  if (outcome === 'invalid') {
    title = T.invalidTitle;
    body = `<p>${escape(T.invalid)}</p>`;
  } else if (outcome === 'already') {
    title = T.doneTitle;
    body = `<p role="status">${escape(T.already)}</p>`;
  } else if (applied) {
    title = T.doneTitle;
    body = `<p role="status">${escape(T.done)}</p>`;
  } else {
    title = T.askTitle;
    body = `<p>${escape(T.ask)}</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(T.button)}</button></form>`;
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · AllClear</title><style>${STYLE}</style></head>
<body><main><h1>${escape(title)}</h1>
${body}
</main></body></html>`;
}
