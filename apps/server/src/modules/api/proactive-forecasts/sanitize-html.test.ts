import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps simple formatting and http(s) links', () => {
    expect(sanitizeHtml('<p>Storms <b>likely</b> after 3 PM<br/></p>')).toBe(
      '<p>Storms <b>likely</b> after 3 PM<br></p>',
    );
    expect(sanitizeHtml('<a href="https://example.com/x">map</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer">map</a>',
    );
  });

  it('turns scripts, handlers and javascript: links into text', () => {
    expect(sanitizeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeHtml('<p onclick="x()">hi</p>')).toBe('&lt;p onclick=&quot;x()&quot;&gt;hi</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '&lt;a href=&quot;javascript:alert(1)&quot;&gt;x</a>',
    );
  });

  it('is idempotent, so served text can pass through it again', () => {
    const once = sanitizeHtml('<p>Tom & Jerry &amp; <img src=x onerror=alert(1)></p>');
    expect(sanitizeHtml(once)).toBe(once);
    expect(once).toBe('<p>Tom &amp; Jerry &amp; &lt;img src=x onerror=alert(1)&gt;</p>');
  });
});
