// WCAG 2 contrast measured in jsdom. jsdom cascades the emotion style sheets into getComputedStyle (colours, font
// size and weight) but lays nothing out, so axe-core's color-contrast rule has no element it can measure there (it
// reports neither a pass nor a violation). This reads the colour each text is drawn in and the backgrounds under it,
// as applied, and computes the ratio itself.
import { decomposeColor, getContrastRatio } from '@mui/material/styles';

/** WCAG 2 AA (1.4.3): normal text. */
export const AA_TEXT = 4.5;
/** WCAG 2 AA (1.4.3): large text, 18 pt or 14 pt bold. */
export const AA_LARGE_TEXT = 3;
/** WCAG 2 AA (1.4.11): icons and other graphics needed to understand a state. */
export const AA_NON_TEXT = 3;

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function parse(css: string): Rgba {
  if (css === '' || css === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const { type, values } = decomposeColor(css);
  if (!type.startsWith('rgb')) throw new Error(`not an sRGB colour: ${css}`);
  const [r, g, b, a = 1] = values;
  return { r, g, b, a };
}

/** `top` painted over the opaque `under`. */
function over(top: Rgba, under: Rgba): Rgba {
  const mix = (t: number, u: number) => t * top.a + u * (1 - top.a);
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 };
}

function css({ r, g, b }: Rgba): string {
  return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
}

/** The WCAG contrast ratio of `foreground` (alpha painted over the background) on the opaque `background`. */
export function contrast(foreground: string, background: string): number {
  const under = parse(background);
  return getContrastRatio(css(over(parse(foreground), under)), css(under));
}

/** A custom property (`--name`) as `el` sees it: its own, else the nearest ancestor's. */
function customProperty(el: Element, name: string): string {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const value = getComputedStyle(e).getPropertyValue(name).trim();
    if (value) return value;
  }
  return '';
}

/** `value` with its `var(--name, fallback)` references replaced (MUI's buttons colour through them; jsdom keeps them). */
function resolved(el: Element, value: string): string {
  const reference = /var\((--[\w-]+)\s*(?:,\s*([^()]*(?:\([^()]*\))?))?\)/;
  for (let depth = 0; depth < 10 && reference.test(value); depth++)
    value = value.replace(
      reference,
      (_all, name: string, fallback?: string) =>
        customProperty(el, name) || fallback?.trim() || 'transparent',
    );
  return value;
}

/** A CSS property as it applies to `el`: its own value, else the nearest ancestor's (jsdom inherits few). */
function applied(el: Element, property: 'color' | 'fontSize' | 'fontWeight'): string {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const value = getComputedStyle(e)[property];
    if (value) return resolved(e, value);
  }
  return '';
}

/** The opaque colour under `el`: every ancestor's background painted in order over the white canvas. */
function backgroundUnder(el: Element): Rgba {
  const chain: Element[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
  return chain.reduce<Rgba>(
    (under, e) => {
      const fill = parse(resolved(e, getComputedStyle(e).backgroundColor));
      return fill.a > 0 ? over(fill, under) : under;
    },
    { r: 255, g: 255, b: 255, a: 1 },
  );
}

function pixels(size: string): number {
  const n = Number.parseFloat(size);
  return size.endsWith('rem') || size.endsWith('em') ? n * 16 : n;
}

/** WCAG 'large scale': at least 18 pt (24 px), or 14 pt (18.66 px) and bold. */
function isLarge(el: Element): boolean {
  const px = pixels(applied(el, 'fontSize') || '16px');
  const weight = applied(el, 'fontWeight');
  const bold = weight === 'bold' || Number(weight) >= 700;
  return px >= 24 || (px >= 18.66 && bold);
}

/** Not drawn, or exempt from contrast (WCAG exempts inactive controls). */
function exempt(el: Element): boolean {
  if (el.closest('.Mui-disabled, [aria-disabled="true"], :disabled')) return true;
  for (let e: Element | null = el; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
  }
  return false;
}

/** A text or icon drawn under the contrast it needs. */
export interface ContrastProblem {
  what: string;
  colour: string;
  background: string;
  ratio: number;
  needed: number;
}

function measure(el: Element, what: string, needed: number): ContrastProblem | null {
  const background = css(backgroundUnder(el));
  const colour = applied(el, 'color');
  const ratio = contrast(colour, background);
  return ratio >= needed ? null : { what, colour, background, ratio: Math.round(ratio * 100) / 100, needed };
}

/**
 * Every text under `root` (each element's own text) drawn under 4.5:1 (3:1 when large) on the colour under it, and
 * every MUI icon under 3:1.
 */
export function contrastProblems(root: Element): ContrastProblem[] {
  const problems: (ContrastProblem | null)[] = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (exempt(el)) continue;
    if (el.matches('svg.MuiSvgIcon-root')) {
      problems.push(measure(el, `icon ${el.getAttribute('data-testid') ?? ''}`.trim(), AA_NON_TEXT));
      continue;
    }
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (own) problems.push(measure(el, own, isLarge(el) ? AA_LARGE_TEXT : AA_TEXT));
  }
  return problems.filter((p): p is ContrastProblem => p !== null);
}
