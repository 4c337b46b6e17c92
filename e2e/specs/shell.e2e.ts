// [ALL ROLES][SHELL]: sign in through the real identity service, see exactly the sidebar entries the
// access rule allows among the screens built so far, keep the session through a silent renew, log out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { visibleSidebarEntries, type RoleName } from '@allclear/domain';
import { baseUrl, launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { apiGet, builtScreenPaths, storedOidcUser } from '../support/app.ts';
import { axeCheckCatches, expectNoSeriousAxeViolations } from '../support/axe.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ROLES: { email: string; role: RoleName }[] = [
  { email: 'super@demo.allclear.test', role: 'Super Admin' },
  { email: 'admin@demo.allclear.test', role: 'Admin' },
  { email: 'assistant@demo.allclear.test', role: 'Assistant Admin' },
  { email: 'customer@demo.allclear.test', role: 'Customer' },
  { email: 'admin@other.allclear.test', role: 'Admin' },
];

/** The sidebar's labels the access rule allows the signed-in user, asked of the API as the shell asks it. */
async function expectedSidebar(page: Page, role: RoleName): Promise<string[]> {
  const me = await apiGet<{ roleName: string; permissions: string[] }>(page, '/api/user/current');
  expect(me.status).toBe(200);
  expect(me.data!.roleName).toBe(role);
  // Asked from here, not through the page: a Customer is refused (403), which the browser would log as a
  // console error of the journey's own making.
  const token = (await storedOidcUser(page))?.access_token;
  const aqResponse = await fetch(`${baseUrl()}/api/AirQuality`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const aq = {
    status: aqResponse.status,
    data: aqResponse.ok ? ((await aqResponse.json()) as { data: unknown[] }).data : undefined,
  };
  if (role === 'Customer') expect(aq.status).toBe(403);
  return visibleSidebarEntries(
    { role, permissions: me.data!.permissions },
    {
      hasAirQualitySensors: aq.status === 200 && (aq.data?.length ?? 0) > 0,
      builtPaths: builtScreenPaths(),
    },
  ).map((e) => e.label);
}

async function sidebarLabels(nav: Locator): Promise<string[]> {
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe('[ALL ROLES][SHELL] sign-in and sidebar', () => {
  for (const { email, role } of ROLES) {
    it(`${email} (${role}) signs in and sees exactly the allowed sidebar entries`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, email);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link').first().waitFor();

      const expected = await expectedSidebar(page, role);
      // Entries that hang on a fetch of their own (Air Quality, once the sensors answer) may arrive after the first.
      await expect.poll(() => sidebarLabels(nav), { timeout: 10_000 }).toEqual(expected);
      expect(expected).toContain('Home');
      await context.close();
    });
  }
});

describe('[ADMIN][SHELL] session', () => {
  it('keeps the session through a silent renew (a new access token, no sign-in page)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@demo.allclear.test');
    const first = await storedOidcUser(page);
    expect(first?.access_token).toBeTruthy();
    // Tokens live 75 s in this run; oidc-client-ts renews 60 s before expiry.
    await expect
      .poll(async () => (await storedOidcUser(page))?.access_token, { timeout: 45_000, interval: 1000 })
      .not.toBe(first!.access_token);
    expect(page.url()).not.toContain('/identity/');
    const me = await apiGet<{ email: string }>(page, '/api/user/current');
    expect(me.status).toBe(200);
    expect(me.data!.email).toBe('admin@demo.allclear.test');
    await screenshot(page, 'shell-admin-1440x900');
    await context.close();
  });

  it('logs out to / and the identity session ends (the sign-in page asks again)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'customer@demo.allclear.test');
    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL(/\/identity\/interaction\//, { timeout: 30_000 });
    expect(visited).toContain('/');
    await expect.poll(() => page.getByLabel(/e-?mail/i).isVisible()).toBe(true);
    expect(await storedOidcUser(page)).toBeNull();
    await context.close();
  });

  it('answers an API call without a token with 401 in the error shape', async () => {
    const res = await fetch(new URL('/api/user/current', (await import('../support/browser.ts')).baseUrl()));
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.responseException.message).toBeTruthy();
  });
});

describe('[ADMIN][SHELL] accessibility (axe-core)', () => {
  it('the check fails on planted serious violations and passes on the shell without them', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@demo.allclear.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first().waitFor();
    const planted = await axeCheckCatches(page);
    const ids = planted.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['list', 'aria-prohibited-attr', 'button-name']));
    expect(planted.find((p) => p.id === 'list')!.targets.join(' ')).toContain('#axe-probe-list');
    expect(planted.find((p) => p.id === 'button-name')!.impact).toBe('critical');
    await expectNoSeriousAxeViolations(page, 'the shell once the probes are removed');
    await context.close();
  });

  it('the navigation drawer of a 390×844 phone has no serious violation', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, 'admin@demo.allclear.test');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Every entry first: the Air Quality entry comes with its own fetch, after the others (CI once counted 6 list
    // items, then 7 links).
    const expected = await expectedSidebar(page, 'Admin');
    await expect.poll(() => sidebarLabels(nav), { timeout: 10_000 }).toEqual(expected);
    // each entry is a link inside a list item (a <ul> holds only <li>)
    expect(await nav.getByRole('listitem').count()).toBe(expected.length);
    await expectNoSeriousAxeViolations(page, 'the navigation drawer (390×844)');
    await screenshot(page, 'shell-drawer-390x844');
    await context.close();
  });
});
