// An allow-list sanitiser for meteorologists' HTML messages: everything is escaped first, then only simple
// formatting tags without attributes and https/http links are let back in. Idempotent (existing entities
// are kept), so stored text can be served through it again.

const ALLOWED_TAGS = 'p|br|b|strong|i|em|u|ul|ol|li|h[1-4]|span|div';
const ENTITY = /&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/y;

function escape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '&') {
      ENTITY.lastIndex = i;
      out += ENTITY.test(text) ? '&' : '&amp;';
    } else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&#39;';
    else out += ch;
  }
  return out;
}

/** Safe HTML from untrusted HTML: simple formatting tags and http(s) links only, all else as text. */
export function sanitizeHtml(html: string): string {
  return escape(html)
    .replace(
      new RegExp(`&lt;(/?)(${ALLOWED_TAGS})\\s*/?&gt;`, 'gi'),
      (_m, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`,
    )
    .replace(
      /&lt;a href=&quot;(https?:\/\/[^\s"<>&]+)&quot;(?: rel=&quot;noopener noreferrer&quot;)?&gt;/gi,
      (_m, url: string) => `<a href="${url}" rel="noopener noreferrer">`,
    )
    .replace(/&lt;\/a&gt;/gi, '</a>');
}
