// [ADMIN][USERS], [ASSISTANT ADMIN][USERS], [NOTIFICATION ONLY][USERS] (issue 14, spec 02 §2.8, §4, §6):
// - an Admin adds a user; the invite reaches the outbox; its link opens the identity service's set-password page, the
//   password is set and that browser is signed in; the user then signs in again with the password;
// - the Admin edits that user (name and Permission Level) and deletes them;
// - an Assistant Admin sees only their own group's users and contacts (the filter opens on it), may not choose the
//   group, and edits a contact of their group;
// - the Admin adds a notification-only contact; its welcome e-mail carries RFC 8058 List-Unsubscribe headers and the
//   link in its text; the contact opens the link (no sign-in), unsubscribes, and the Users page shows the warning.
// The file starts its own product: its users and contacts change, which the shared product's journeys must not see.
// Screenshots at 1440×900 and 390×844; axe and console errors are checked by the support code. No fixed sleeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet } from '../support/app.ts';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { allowConsoleErrors } from '../support/console-errors.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const ADMIN = 'admin@demo.allclear.test';
const ASSISTANT = 'assistant@demo.allclear.test';
const NEW_USER = { first: 'Jordan', last: 'Fielding', email: 'jordan.fielding@demo.allclear.test' };
const NEW_PASSWORD = 'lightning over the north end zone';
const CONTACT = { first: 'Riley', last: 'Groundskeeper', email: 'riley.groundskeeper@demo.allclear.test' };
const MOBILE = { width: 390, height: 844 };

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  headers: Record<string, string>;
}
interface ListedUser {
  id: string | number;
  fullName: string;
  siteName: string | null;
  siteId: number | null;
}

let product: RunningProduct;
let browser: Browser;
let admin: BrowserContext;
let adminPage: Page;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  admin = await newContext(browser, undefined, product.baseUrl);
  adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN);
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await product?.stop();
});

/** The newest e-mail in the product's outbox to an address, once the notifier has put it there. */
async function mailTo(address: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${product.baseUrl}/dev/outbox.json`);
        const messages = (await res.json()) as OutboxMessage[];
        found = messages.find(
          (m) => m.channel === 'email' && m.recipient === address && subject.test(m.subject),
        );
        return found !== undefined;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

/** Opens the Users page and waits for its table. */
async function usersPage(page: Page) {
  await page.goto('/Users');
  const grid = page.getByRole('grid', { name: 'Users' });
  await grid.getByRole('row').nth(1).waitFor();
  return grid;
}

/** Picks an option of a select (MUI) by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** The row of a name (its Full Name cell may also hold '(inactive)' and the invite link). */
const row = (grid: ReturnType<Page['getByRole']>, name: string) =>
  grid.getByRole('row').filter({
    has: grid
      .page()
      .locator('[data-field="fullName"]', { hasText: new RegExp(`^${name}(\\(inactive\\)|$)`) }),
  });

describe('[ADMIN][USERS] invite a user, who sets a password and signs in; edit and delete them', () => {
  it('adds a user whose invite reaches the outbox; the link sets a password and signs that user in', async () => {
    const grid = await usersPage(adminPage);
    await grid.getByText('Dana Whitfield').waitFor();
    await screenshot(adminPage, 'users-admin-1440x900');

    await adminPage.getByRole('button', { name: 'Add User' }).click();
    const modal = adminPage.getByRole('dialog', { name: 'Add New User' });
    await modal.getByRole('textbox', { name: 'First Name' }).fill(NEW_USER.first);
    await modal.getByRole('textbox', { name: 'Last Name' }).fill(NEW_USER.last);
    await modal.getByRole('textbox', { name: 'Email' }).fill(NEW_USER.email);
    await modal.getByRole('textbox', { name: 'Phone Number' }).fill('(214) 555-0177');
    await choose(adminPage, modal, /User Group/, 'Grounds Crew');
    await choose(adminPage, modal, /Locations/, 'Choctaw Stadium');
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('listbox').waitFor({ state: 'detached' });
    // the menu's paper fades out after its list is gone: the screen at rest is without it
    await adminPage.locator('.MuiMenu-paper').waitFor({ state: 'detached' });
    await screenshot(adminPage, 'users-add-user-modal-1440x900');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });

    const added = row(grid, `${NEW_USER.first} ${NEW_USER.last}`);
    await added.getByText('(inactive)').waitFor();
    await added.getByRole('button', { name: /^resend\?/ }).waitFor();

    // the invite, through the notifier into the outbox, with the identity service's link
    const invite = await mailTo(NEW_USER.email, /Set your AllClear password/);
    const link = /http:\/\/localhost:\d+\/identity\/account\/activate\?token=[A-Za-z0-9_-]{43}/.exec(
      invite.body,
    )?.[0];
    expect(link, invite.body).toBeDefined();

    // the invited user's own browser
    const invitee = await newContext(browser, undefined, product.baseUrl);
    allowConsoleErrors(invitee, [
      {
        pattern: /activate\?token=.*status of 409/,
        reason: 'the journey opens the used link again on purpose: the page answers 409 (Conflict)',
      },
    ]);
    const page = await invitee.newPage();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await expect.poll(() => page.getByText(NEW_USER.email).count()).toBeGreaterThan(0);
    await screenshot(page, 'users-set-password-1440x900');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    // straight into the app, without the sign-in page
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .waitFor();
    const me = await apiGet<{ email: string; isActive: boolean }>(page, '/api/user/current');
    expect(me.data).toMatchObject({ email: NEW_USER.email, isActive: true });
    // the link was single-use
    await page.goto(link!);
    await page.getByText('This link was already used').waitFor();
    await invitee.close();

    // and the user signs in with the password they set
    const again = await newContext(browser, MOBILE, product.baseUrl);
    const second = await again.newPage();
    await signIn(second, NEW_USER.email, NEW_PASSWORD);
    const current = await apiGet<{ email: string }>(second, '/api/user/current');
    expect(current.data?.email).toBe(NEW_USER.email);
    await again.close();

    // the Users page shows them active now
    await usersPage(adminPage);
    await row(grid, `${NEW_USER.first} ${NEW_USER.last}`).waitFor();
    expect(await row(grid, `${NEW_USER.first} ${NEW_USER.last}`).getByText('(inactive)').count()).toBe(0);
  });

  it('edits the user (name and Permission Level) and deletes them', async () => {
    const grid = await usersPage(adminPage);
    await adminPage.getByRole('button', { name: `Edit ${NEW_USER.first} ${NEW_USER.last}` }).click();
    const modal = adminPage.getByRole('dialog', { name: `Editing "${NEW_USER.first} ${NEW_USER.last}"` });
    await modal.getByRole('textbox', { name: 'Last Name' }).fill('Fielder');
    await choose(adminPage, modal, /Permission Level/, 'Assistant Admin');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const edited = row(grid, `${NEW_USER.first} Fielder`);
    await edited.getByText('Assistant Admin').waitFor();

    await adminPage.getByRole('button', { name: `Delete ${NEW_USER.first} Fielder` }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Remove User' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await edited.waitFor({ state: 'detached' });
    const listed = await apiGet<ListedUser[]>(adminPage, '/api/user/customer');
    expect(listed.data!.some((u) => u.fullName.startsWith(NEW_USER.first))).toBe(false);
  });
});

describe('[ASSISTANT ADMIN][USERS] only their own group', () => {
  it("sees and edits only their group's users and contacts", async () => {
    const context = await newContext(browser, MOBILE, product.baseUrl);
    const page = await context.newPage();
    await signIn(page, ASSISTANT);
    const grid = await usersPage(page);
    await grid.getByText('Marcus Reyes').waitFor();
    // the filter opens on their group, and the server sends no other group's people
    await page.getByRole('list', { name: 'Active filters' }).getByText('Athletics').waitFor();
    const users = await apiGet<ListedUser[]>(page, '/api/user/customer');
    const contacts = await apiGet<ListedUser[]>(page, '/api/notificationuser');
    expect(new Set([...users.data!, ...contacts.data!].map((p) => p.siteName))).toEqual(
      new Set(['Athletics']),
    );
    expect(await grid.getByText('Dana Whitfield').count()).toBe(0);
    expect(await grid.getByText('Casey Coach').count()).toBe(0);
    await screenshot(page, 'users-assistant-admin-390x844');
    // on the phone Edit and Delete are on screen inside the table's visible box, and the page has nothing to scroll
    // sideways (before, they sat past the screen's right edge in a grid scrolled sideways)
    const visible = (await grid.locator('.MuiDataGrid-virtualScroller').boundingBox())!;
    for (const action of ['Edit', 'Delete']) {
      const box = (await page.getByRole('button', { name: `${action} Marcus Reyes` }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(MOBILE.width, visible.x + visible.width));
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    await page.getByRole('button', { name: 'Edit Marcus Reyes' }).click();
    const modal = page.getByRole('dialog', { name: 'Editing "Marcus Reyes"' });
    await expect
      .poll(() => modal.getByRole('combobox', { name: /User Group/ }).getAttribute('aria-disabled'))
      .toBe('true');
    await modal.getByRole('textbox', { name: 'Last Name' }).fill('Reyes-Ortiz');
    await screenshot(page, 'users-edit-contact-390x844');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await grid.getByText('Marcus Reyes-Ortiz').waitFor();
    await context.close();
  });
});

describe('[NOTIFICATION ONLY][USERS] a contact unsubscribes through the link in its e-mail', () => {
  it('unsubscribes with one click and the Users page shows the warning icon', async () => {
    const grid = await usersPage(adminPage);
    await adminPage.getByRole('button', { name: 'Add User' }).click();
    const modal = adminPage.getByRole('dialog', { name: 'Add New User' });
    await choose(adminPage, modal, /Permission Level/, 'Notification Only');
    await modal.getByRole('textbox', { name: 'First Name' }).fill(CONTACT.first);
    await modal.getByRole('textbox', { name: 'Last Name' }).fill(CONTACT.last);
    await modal.getByRole('textbox', { name: 'Email' }).fill(CONTACT.email);
    await choose(adminPage, modal, /User Group/, 'Grounds Crew');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const contactRow = row(grid, `${CONTACT.first} ${CONTACT.last}`);
    await contactRow.waitFor();
    expect(await contactRow.getByRole('img', { name: 'Unsubscribed from email alerts' }).count()).toBe(0);

    const mail = await mailTo(CONTACT.email, /weather alerts/);
    const link = /http:\/\/localhost:\d+\/api\/notificationuser\/unsubscribe\?u=\d+&s=[A-Za-z0-9_-]+/.exec(
      mail.body,
    )?.[0];
    expect(link, mail.body).toBeDefined();
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // the contact, who has no account, in their own browser
    const contact = await newContext(browser, MOBILE, product.baseUrl);
    const page = await contact.newPage();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Unsubscribe from AllClear e-mails' }).waitFor();
    await screenshot(page, 'users-unsubscribe-390x844');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await contact.close();

    await usersPage(adminPage);
    await row(grid, `${CONTACT.first} ${CONTACT.last}`)
      .getByRole('img', { name: 'Unsubscribed from email alerts' })
      .waitFor();
    await screenshot(adminPage, 'users-unsubscribed-icon-1440x900');
    const listed = await apiGet<(ListedUser & { emailUnsubscribed: boolean })[]>(
      adminPage,
      '/api/notificationuser',
    );
    const riley = listed.data!.find((c) => c.fullName === `${CONTACT.first} ${CONTACT.last}`)!;
    const subscriptions = await apiGet<{ subscribed: boolean }>(
      adminPage,
      `/api/notificationuser/${riley.id}/emailsubscriptions`,
    );
    expect(subscriptions.data?.subscribed).toBe(false);
  });
});
