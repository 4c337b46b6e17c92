// Debian's Chromium through playwright-core, with the flags this machine needs.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { softExpectNoSeriousAxeViolations } from './axe.ts';
import { softExpectNoConsoleErrors, watchConsoleErrors } from './console-errors.ts';
import { launchChromium } from './product.ts';

export const ARTIFACTS = resolve(__dirname, '../artifacts');
export const DEMO_PASSWORD = 'AllClear-demo-1';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium with this machine's flags (support/product.ts). */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/**
 * A context whose pages expose the map test hook (`window.__allclearMap`: map instance, map store, radar sample),
 * opted in before the app loads (apps/web/src/components/map/map-test-hook.ts).
 */
export async function newMapContext(
  browser: Browser,
  viewport?: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await newContext(browser, viewport);
  await context.addInitScript(() => {
    (window as unknown as { __ALLCLEAR_TEST_HOOKS__: boolean }).__ALLCLEAR_TEST_HOOKS__ = true;
  });
  return context;
}

/**
 * A context on the product (the run's shared one, or `base`: a product a journey started itself with its own
 * settings), whose pages are watched for console errors and checked by axe-core when it closes.
 */
export async function newContext(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  base: string = baseUrl(),
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport });
  watchConsoleErrors(context);
  const close = context.close.bind(context);
  context.close = async (options) => {
    try {
      for (const page of context.pages())
        if (!page.isClosed() && page.url().startsWith(base))
          await softExpectNoSeriousAxeViolations(
            page,
            `the last screen of the journey (${viewport.width}×${viewport.height})`,
          );
      softExpectNoConsoleErrors(context, `the journey's pages (${viewport.width}×${viewport.height})`);
    } finally {
      await close(options);
    }
  };
  return context;
}

/** The sign-in page is the same in every journey: checked once per spec file. */
let signInPageChecked = false;

/** Signs in through the real sign-in page of the identity service and waits for the app. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.waitForURL(/\/identity\//, { timeout: 30_000 });
  if (!signInPageChecked) {
    await page.getByLabel(/e-?mail/i).waitFor();
    await softExpectNoSeriousAxeViolations(page, 'the sign-in page');
    signInPageChecked = true;
  }
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/identity') && !url.pathname.startsWith('/callback'),
    {
      timeout: 30_000,
    },
  );
}

/** A screenshot of the screen as shown, then axe-core on it (a serious or critical violation fails the journey). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await softExpectNoSeriousAxeViolations(page, `screen ${name}`);
  return path;
}
