// Accessibility checks for the browser journeys: axe-core runs inside the page, and every serious or critical
// violation fails the journey. Every journey runs them without asking (browser.ts): on the sign-in page, at each
// screenshot() of a screen, and on every page still open when the journey closes its browser context; so a new
// screen is checked by the first journey that shows it. A journey may call expectNoSeriousAxeViolations too.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** A serious or critical violation: the rule, what it asks for and the first few elements breaking it. */
export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The serious and critical axe-core violations on the page as it is now. The evaluated code is a string: functions
 * handed to page.evaluate go through esbuild here, which may add helpers (`__name`) the page does not have.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runAxe(page);
    } catch (error) {
      // a navigation replaced the document under the check: check the new one, once it has loaded
      if (attempt > 0 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState('load');
    }
  }
}

async function runAxe(page: Page): Promise<AxeProblem[]> {
  // The screen at rest: with 'reduce motion' the app ends its fades at once (theme.ts), so content that mounts while
  // axe runs (a card fading in) is checked as it will look, not half transparent.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const first = await checkAtRest(page);
    // A violation of the screen at rest is there again a moment later; one caught in passing (a menu closing over its
    // dialog, part-way through a fade that started before 'reduce motion' applied) is gone. Only the second look counts.
    return first.length === 0 ? first : await checkAtRest(page);
  } finally {
    if (!page.isClosed()) await page.emulateMedia({ reducedMotion: null });
  }
}

/** True once no finite animation or fade has run for 300 ms (each look notes when the page was last seen quiet). */
const QUIET_FOR_300_MS = `(() => {
  const fading = [...document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper, .MuiTooltip-popper')]
    .some((el) => { const o = Number(getComputedStyle(el).opacity); return o > 0 && o < 1; });
  const busy = fading || document.getAnimations().some((a) => a.playState === 'running' && a.effect !== null &&
    a.effect.getComputedTiming().endTime !== Infinity);
  if (busy || window.__axeQuietSince === undefined) {
    window.__axeQuietSince = busy ? undefined : performance.now();
    return false;
  }
  return performance.now() - window.__axeQuietSince >= 300;
})()`;

async function checkAtRest(page: Page): Promise<AxeProblem[]> {
  // Let finite animations and transitions end first (a card fading in is not low contrast), and stay ended for
  // 300 ms (a re-render may start one more); looping ones (spinners, skeletons) never end and are left alone. A dialog,
  // menu or tooltip part-way through its fade counts as moving too (on a loaded machine a closing menu was caught
  // half transparent over its dialog, its transition no longer listed).
  // Polled from here, one evaluation per look: a string predicate polled inside the page is evaluated again on
  // each of its timers, which the app's Content Security Policy refuses (EvalError), so the wait ended at once.
  await page.evaluate('delete window.__axeQuietSince');
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    const quiet = await page.evaluate(QUIET_FOR_300_MS).catch(() => true);
    if (quiet) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) {
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    // evaluated through the DevTools protocol: the app's Content Security Policy refuses inline script tags
    await page.evaluate(axeSource);
  }
  const violations = (await page.evaluate(`
    window.axe
      .run(document, { resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => ({
        id: v.id,
        impact: v.impact || '',
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes.slice(0, 4).map((n) =>
          JSON.stringify(n.target) + ' ' + n.html.replace(/\\s+/g, ' ').slice(0, 160) +
          (n.failureSummary ? ' (' + n.failureSummary.replace(/\\s+/g, ' ').slice(0, 200) + ')' : '')),
      })))
  `)) as (AxeProblem & { count: number })[];
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map(({ id, impact, help, count, targets }) => ({
      id,
      impact,
      help,
      targets: count > targets.length ? [...targets, `… ${count - targets.length} more`] : targets,
    }));
}

/** One readable line per violation, for a failure message. */
export function describeAxeProblems(problems: AxeProblem[]): string[] {
  return problems.map((p) => `${p.impact} ${p.id}: ${p.help} at ${p.targets.join(', ')}`);
}

/** Fails (listing rule, help and targets) when the page shows any serious or critical axe-core violation. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const problems = describeAxeProblems(await seriousAxeViolations(page));
  expect(problems, `axe-core on ${label} (${page.url()})`).toEqual([]);
}

/**
 * As expectNoSeriousAxeViolations, but inside a test the journey goes on and fails at its end (expect.soft), so the
 * journey's own failure, if any, is still the one reported first.
 */
export async function softExpectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const problems = describeAxeProblems(await seriousAxeViolations(page));
  const message = `axe-core on ${label} (${page.url()})`;
  try {
    expect.soft(problems, message).toEqual([]);
  } catch (error) {
    // outside a test (a hook closing its context) there is nothing to go on with: fail the hook
    if (!/only be used inside a test/.test(String(error))) throw error;
    expect(problems, message).toEqual([]);
  }
}

/**
 * Proves the check can fail on this very page: plants a list holding a bare div, a div with a prohibited aria-label
 * and a button without a name, returns what the check reports, and removes them again.
 */
export async function axeCheckCatches(page: Page): Promise<AxeProblem[]> {
  await page.evaluate(`(() => {
    const probe = document.createElement('div');
    probe.dataset.axeProbe = '';
    probe.innerHTML =
      '<ul id="axe-probe-list"><div>not a list item</div></ul>' +
      '<div id="axe-probe-aria" aria-label="prohibited on a plain div"><svg aria-hidden="true"></svg></div>' +
      '<button id="axe-probe-button" type="button"></button>';
    (document.querySelector('main') || document.body).append(probe);
  })()`);
  try {
    return await seriousAxeViolations(page);
  } finally {
    await page.evaluate(`document.querySelectorAll('[data-axe-probe]').forEach((e) => e.remove())`);
  }
}
