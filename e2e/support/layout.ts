// Text layout checks for the screenshot journeys: no visible text is clipped by its box, and no two visible runs of
// text overlap. Text is measured by its glyph boxes (a Range over each text node), not by element boxes, so a label
// sitting on an outlined field's border is not an overlap while two words drawn over each other are.
import type { Page } from 'playwright-core';

/**
 * Every clipped or overlapping piece of visible text inside `root` (a CSS selector), as readable lines; empty when
 * the layout is clean. Visually hidden text (opacity 0, visibility hidden, the 'sr-only' clip) is left out, and so
 * are map markers and popups, which the map's own controls may cover by design.
 */
export function textLayoutProblems(page: Page, root = 'main'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const container = document.querySelector(rootSelector);
    if (!container) return [`no element matches ${rootSelector}`];
    const problems: string[] = [];
    const runs: { el: Element; rect: DOMRect; text: string }[] = [];
    const invisible = (el: Element): boolean => {
      for (let e: Element | null = el; e && e !== container.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.opacity === '0' || s.visibility === 'hidden') return true;
        if (/rect\(0px, 0px, 0px, 0px\)/.test(s.clip) || s.clipPath === 'inset(50%)') return true;
      }
      return false;
    };
    for (const el of Array.from(container.querySelectorAll('*'))) {
      const texts = Array.from(el.childNodes).filter(
        (n: ChildNode) => n.nodeType === Node.TEXT_NODE && Boolean(n.textContent?.trim()),
      );
      if (texts.length === 0 || el.closest('.maplibregl-marker, .maplibregl-popup') || invisible(el))
        continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const s = getComputedStyle(el);
      const label = `"${(el.textContent ?? '').trim().slice(0, 40)}" (${el.tagName.toLowerCase()})`;
      const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      if (hides(s.overflowX) && s.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        problems.push(`clipped across: ${label}, ${el.scrollWidth} px in ${el.clientWidth} px`);
      if (hides(s.overflowY) && !/\d/.test(s.webkitLineClamp) && el.scrollHeight > el.clientHeight + 2)
        problems.push(`clipped down: ${label}, ${el.scrollHeight} px in ${el.clientHeight} px`);
      for (const node of texts) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0 && rect.height > 0)
            runs.push({ el, rect, text: (node.textContent ?? '').trim().slice(0, 30) });
      }
    }
    for (let i = 0; i < runs.length; i++)
      for (let j = i + 1; j < runs.length; j++) {
        const a = runs[i]!;
        const b = runs[j]!;
        if (a.el === b.el) continue;
        const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (across > 2 && down > 2) problems.push(`overlap: "${a.text}" and "${b.text}"`);
      }
    return problems;
  }, root);
}

/**
 * Proves the check can fail on this very page: draws a word over the first heading and a long word in a narrow
 * clipping box, expects both to be reported, and removes them again.
 */
export async function textLayoutCheckCatches(page: Page, root = 'main'): Promise<string[]> {
  await page.evaluate((rootSelector) => {
    const container = document.querySelector(rootSelector)!;
    const heading = container.querySelector('h1, h2')!;
    const r = heading.getBoundingClientRect();
    const over = document.createElement('span');
    over.dataset.layoutProbe = 'overlap';
    over.textContent = 'OVERLAPPING';
    Object.assign(over.style, {
      position: 'fixed',
      left: `${r.left}px`,
      top: `${r.top}px`,
      font: '16px sans-serif',
    });
    const clip = document.createElement('div');
    clip.dataset.layoutProbe = 'clip';
    clip.textContent = 'ACLIPPEDWORDTHATCANNOTFITINTOTWENTYPIXELS';
    Object.assign(clip.style, { width: '20px', overflow: 'hidden', whiteSpace: 'nowrap' });
    container.append(over, clip);
  }, root);
  try {
    return await textLayoutProblems(page, root);
  } finally {
    await page.evaluate(() => document.querySelectorAll('[data-layout-probe]').forEach((e) => e.remove()));
  }
}

/**
 * The elements that reach past the right edge of the viewport and widen the page, outermost first (at most 8), as
 * readable lines; empty when nothing does. Anything inside a box that scrolls or clips across is left out: its
 * overflow stays inside that box.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const contained = (el: Element): boolean => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    const reported: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 0.5 || contained(el)) continue;
      // an offender's own children reach as far: the outermost one is named
      if (reported.some((r) => r.contains(el))) continue;
      reported.push(el);
      if (reported.length === 8) break;
    }
    return reported.map((el) => {
      const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
      const right = el.getBoundingClientRect().right.toFixed(1);
      return `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${name}" right ${right} px`;
    });
  });
}

/**
 * The text layout problems with every wind arrow on the page turned to each of the 16 compass points in turn, so a
 * layout that only breaks for some bearings (an arrow turned sideways is as wide as its line is tall) fails whatever
 * the simulator's wind is at the hour the journey runs. Each problem names the bearing; the arrows are put back after.
 * Fails when the page has no wind arrow, so the check cannot pass by finding nothing.
 */
export async function windArrowLayoutProblems(page: Page, root = 'main'): Promise<string[]> {
  const arrows = page.locator(`${root} [data-wind-arrow]`);
  if ((await arrows.count()) === 0) return [`no wind arrow in ${root}`];
  const turns = await arrows.evaluateAll((els) => els.map((el) => (el as HTMLElement).style.transform));
  const problems: string[] = [];
  try {
    for (let point = 0; point < 16; point++) {
      const degrees = point * 22.5;
      await arrows.evaluateAll((els, d) => {
        for (const el of els) (el as HTMLElement).style.transform = `rotate(${d}deg)`;
      }, degrees);
      for (const problem of await textLayoutProblems(page, root)) problems.push(`${degrees}°: ${problem}`);
    }
  } finally {
    await arrows.evaluateAll((els, saved) => {
      els.forEach((el, i) => ((el as HTMLElement).style.transform = saved[i] ?? ''));
    }, turns);
  }
  return problems;
}
