// Console errors and unhandled rejections fail the browser journeys. newContext (browser.ts) watches every page of
// every context it opens: each `console.error` (a console message of type 'error', which includes the browser's own
// 'Failed to load resource' lines) and each uncaught exception or unhandled promise rejection ('pageerror') is kept,
// and closing the context fails the journey when any is left after the allow-list. Only add an allow-list entry with
// a written reason: an error the journey causes on purpose, or one that is not the app's.
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { expect } from 'vitest';

/** An error the journeys accept: a pattern the whole line must match, and why it is not a defect. */
export interface AllowedConsoleError {
  pattern: RegExp;
  reason: string;
}

/** Every entry needs a reason (checked below): an error without one fails the journey. */
export const ALLOWED_CONSOLE_ERRORS: readonly AllowedConsoleError[] = [];

const watched = new WeakMap<BrowserContext, string[]>();
const allowedIn = new WeakMap<BrowserContext, AllowedConsoleError[]>();

/**
 * Accepts, in this context only, errors the journey causes on purpose (a fault it injects, a crash it plants). Each
 * entry needs its reason.
 */
export function allowConsoleErrors(context: BrowserContext, entries: readonly AllowedConsoleError[]): void {
  for (const a of entries)
    if (!a.reason.trim()) throw new Error(`allow-list entry ${a.pattern} has no reason`);
  allowedIn.set(context, [...(allowedIn.get(context) ?? []), ...entries]);
}

function describeConsole(page: Page, msg: ConsoleMessage): string {
  const at = msg.location();
  const where = at.url ? ` at ${at.url}:${at.lineNumber}` : '';
  return `console.error on ${page.url()}: ${msg.text()}${where}`;
}

function watchPage(page: Page, seen: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.push(describeConsole(page, msg));
  });
  page.on('pageerror', (error) => {
    seen.push(`uncaught error or unhandled rejection on ${page.url()}: ${error.stack ?? error.message}`);
  });
}

/** Starts keeping the console errors and page errors of every page the context has or opens. */
export function watchConsoleErrors(context: BrowserContext): void {
  if (watched.has(context)) return;
  const seen: string[] = [];
  watched.set(context, seen);
  for (const page of context.pages()) watchPage(page, seen);
  context.on('page', (page) => watchPage(page, seen));
}

/** The errors seen so far in the context that no allow-list entry accepts. */
export function unexpectedConsoleErrors(
  context: BrowserContext,
  allowed: readonly AllowedConsoleError[] = [...ALLOWED_CONSOLE_ERRORS, ...(allowedIn.get(context) ?? [])],
): string[] {
  for (const a of allowed)
    if (!a.reason.trim()) throw new Error(`allow-list entry ${a.pattern} has no reason`);
  return (watched.get(context) ?? []).filter((line) => !allowed.some((a) => a.pattern.test(line)));
}

/**
 * Fails when the context's pages logged a console error or threw (see the file's header). Inside a test the journey
 * goes on and fails at its end (expect.soft); outside one (a hook closing its context) the hook fails.
 */
export function softExpectNoConsoleErrors(context: BrowserContext, label: string): void {
  const problems = unexpectedConsoleErrors(context);
  const message = `console errors and unhandled rejections in ${label}`;
  try {
    expect.soft(problems, message).toEqual([]);
  } catch (error) {
    if (!/only be used inside a test/.test(String(error))) throw error;
    expect(problems, message).toEqual([]);
  }
}
