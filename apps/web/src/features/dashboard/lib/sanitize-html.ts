// Server-provided HTML (proactive forecast bodies) through DOMPurify with an allow-list (ARCHITECTURE.md 'server
// HTML'): text formatting, lists, tables and links only; links open in a new tab without an opener.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'span',
  'div',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'hr',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];

let hooked = false;

/** Sanitised HTML safe to set as innerHTML. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
    ADD_ATTR: ['target', 'rel'],
  });
}
