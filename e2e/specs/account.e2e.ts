// [CUSTOMER][PROFILE], [SUPER ADMIN][NOTIFICATION SETTINGS], [SUPER ADMIN][NOTIFICATIONS], [ADMIN][CONSULTATION],
// [CUSTOMER][CONSULTATION] (issue 15; spec 02 §2.6, §2.7, §2.9, §2.11, §8; spec 03 §2.3):
// - a Customer changes their password on My Profile: a wrong current password shows its field error; then the change
//   goes through, their other browser's session ends at once (its next call is refused and it is sent to sign in),
//   this one goes on, and the new password signs in; a Customer opening /Consultation gets /Unauthorized;
// - a Super Admin switches every day of their schedule off: the server's message shows after 1 s, the settings are
//   there after a reload, and a lightning alert at their own location outside the schedule reaches them on no
//   channel; Location-based, the next alert at a location of their own shows in the open bell within 2 s, without a
//   reload; My Notifications lists it; declining notifications turns the bell red with 'Notifications Disabled';
// - an Admin asks a meteorologist, copying an Assistant Admin: success with the reference, and the e-mail reaches the
//   outbox addressed to the desk with the asker and the admin in Cc.
// The file starts its own product: passwords and settings change. Screenshots at 1440×900 and 390×844; axe and
// console errors are checked by the support code. No fixed sleeps except where the spec's 1 s is measured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, apiSend, storedOidcUser } from '../support/app.ts';
import { DEMO_PASSWORD, launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { allowConsoleErrors } from '../support/console-errors.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const CUSTOMER = 'customer@demo.allclear.test';
const SUPER = 'super@demo.allclear.test';
const ADMIN = 'admin@demo.allclear.test';
const ASSISTANT = 'assistant@demo.allclear.test';
const NEW_PASSWORD = 'a calm sky over the north stands';
const MOBILE = { width: 390, height: 844 };
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  headers: Record<string, string>;
}
interface AuditEvent {
  kind: string;
  deliveries: { recipientKey: string; channel: string }[];
}

let product: RunningProduct;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await product?.stop();
});

async function open(email: string, password = DEMO_PASSWORD, viewport?: { width: number; height: number }) {
  const context = await newContext(browser, viewport, product.baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

async function outbox(): Promise<OutboxMessage[]> {
  const res = await fetch(`${product.baseUrl}/dev/outbox.json`);
  return (await res.json()) as OutboxMessage[];
}

describe('[CUSTOMER][PROFILE] change password', () => {
  let page: Page;
  let other: Page;
  let otherToken = '';

  it('shows the wrong current password under its field, then changes it', async () => {
    page = await open(CUSTOMER);
    // the refused change is a 400 the browser logs as it comes; the journey sends it on purpose
    allowConsoleErrors(page.context(), [
      {
        pattern: /status of 400 .*\/identity\/account\/change/,
        reason: 'the wrong current password is refused with 400 by design (its field error is the point)',
      },
    ]);
    other = await open(CUSTOMER);
    allowConsoleErrors(other.context(), [
      {
        pattern: /status of 401 \(Unauthorized\)/,
        reason:
          "the other browser's session is ended by the password change: its calls are refused, as they must be",
      },
    ]);
    otherToken = (await storedOidcUser(other))?.access_token ?? '';
    expect(
      (
        await fetch(`${product.baseUrl}/api/user/current`, {
          headers: { authorization: `Bearer ${otherToken}` },
        })
      ).status,
    ).toBe(200);
    await page.goto('/Profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('link', { name: 'Notification Settings' }).waitFor();
    await screenshot(page, 'profile-1440x900');

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill('not my password at all');
    await dialog.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('The current password is not correct.').waitFor();
    await page.getByText('Error changing password').waitFor();
    await screenshot(page, 'profile-change-password-error-1440x900');

    await dialog.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your password was changed. You were signed out everywhere else.').waitFor();
  });

  it("ends the other browser's session at once; this one goes on; the new password signs in", async () => {
    // the other browser's access token is refused at once, though it has not expired
    const refused = await fetch(`${product.baseUrl}/api/user/current`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(refused.status).toBe(401);
    // the other browser's own next call is refused too, and the app sends it to sign in
    await other.waitForURL(/\/identity\//, { timeout: 30_000 });

    expect((await apiGet(page, '/api/user/current')).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    const fresh = await open(CUSTOMER, NEW_PASSWORD);
    expect((await apiGet(fresh, '/api/user/current')).status).toBe(200);
  });

  it('sends a Customer opening Ask a Meteorologist to /Unauthorized', async () => {
    await page.goto('/Consultation');
    await page.waitForURL(/\/Unauthorized$/);
  });
});

describe('[SUPER ADMIN][NOTIFICATION SETTINGS] saved, reloaded and obeyed; the bell live', () => {
  let page: Page;
  const created: { id: number; label: string }[] = [];

  async function addLocation(label: string, latitude: number, longitude: number) {
    const res = await apiSend<{ location: { id: number } }>(page, 'POST', '/api/location/Add', {
      label,
      locationName: label,
      latitude,
      longitude,
      radius1: 10,
      radius2: 20,
      radius3: 30,
      allClearMinutes: 30,
      flags: 0,
    });
    expect(res.status).toBe(200);
    created.push({ id: res.data!.location.id, label });
    return res.data!.location.id;
  }

  async function strikeAndAwaitEvent(id: number, latitude: number, longitude: number) {
    expect((await apiSend(page, 'POST', '/api/sim/strikes', { latitude, longitude })).status).toBe(200);
    let event: AuditEvent | undefined;
    await expect
      .poll(
        async () => {
          const res = await apiGet<AuditEvent[]>(page, `/api/Audit/Location/${id}?count=10`);
          event = res.data?.find((e) => e.kind === 'lightning-delay');
          return event !== undefined;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    return event!;
  }

  async function saveSettings() {
    const started = Date.now();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Notification settings saved.').waitFor({ timeout: 10_000 });
    return Date.now() - started;
  }

  it('switches every day off: the message shows after 1 s and the schedule is there after a reload', async () => {
    page = await open(SUPER);
    await page.goto('/NotificationSettings');
    await page.getByRole('heading', { name: 'My Notification Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Weekly Notification Schedule' }).waitFor();
    // the demo's Super Admin holds the geofence permission: the Alert Mode section is offered
    await page.getByRole('heading', { name: 'Alert Mode' }).waitFor();
    await screenshot(page, 'notification-settings-1440x900');

    // Scheduled: the schedule alone decides (Location-based would still alert for one's own locations)
    await page.getByRole('combobox', { name: 'Alert Mode' }).click();
    await page.getByRole('option', { name: 'Scheduled', exact: true }).click();
    for (const day of DAYS) await page.getByLabel(`Notifications on ${day}`).uncheck();
    await page.getByRole('combobox', { name: 'Time Zone' }).click();
    await page.getByRole('option', { name: 'EST' }).click();
    const waited = await saveSettings();
    expect(waited).toBeGreaterThanOrEqual(1_000);

    await page.reload();
    await page.getByRole('heading', { name: 'Weekly Notification Schedule' }).waitFor();
    for (const day of DAYS) expect(await page.getByLabel(`Notifications on ${day}`).isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('combobox', { name: 'Time Zone' }).textContent()).toContain('EST');
  });

  it('an alert outside the schedule reaches the Super Admin on no channel and not in the bell', async () => {
    const id = await addLocation('Journey Field North', 41.2, -100.8);
    const event = await strikeAndAwaitEvent(id, 41.2, -100.8);
    expect(event.deliveries.filter((d) => d.recipientKey.startsWith('user:'))).toEqual([]);
    const history = await apiGet<{ message: string }[]>(page, '/api/Notification/History?count=20');
    expect(history.data!.some((n) => n.message.includes('Journey Field North'))).toBe(false);
    expect((await outbox()).some((m) => m.body.includes('Journey Field North'))).toBe(false);
  });

  it('Location-based: the next alert at their own location shows in the open bell within 2 s, without a reload', async () => {
    // Location-based alone: the Super Admin hears the locations they own (they add it) and not the demo's venues.
    // The bell lists the newest 3, and during the demo's storms the venues' alerts come in bursts of eight or more
    // at once (lightning zones, wind gusts, forecasts); heard, they would push this alert out of the bell within
    // the second (CI failed so at a stormy hour).
    await page.getByRole('combobox', { name: 'Alert Mode' }).click();
    await page.getByRole('option', { name: 'Location-based', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await saveSettings();
    const id = await addLocation('Journey Field South', 38.9, -99.3);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(
      (await apiSend(page, 'POST', '/api/sim/strikes', { latitude: 38.9, longitude: -99.3 })).status,
    ).toBe(200);
    const sent = Date.now();
    await menu
      .getByText(/Journey Field South/)
      .first()
      .waitFor({ timeout: 10_000 });
    const shownAfter = Date.now() - sent;
    expect(shownAfter).toBeLessThan(2_000);
    await screenshot(page, 'bell-live-1440x900');
    await page.keyboard.press('Escape');

    const event = await strikeAndAwaitEvent(id, 38.9, -99.3);
    expect(event.deliveries.some((d) => d.recipientKey.startsWith('user:'))).toBe(true);
  });

  it('My Notifications lists it in its group; an item opens its full message', async () => {
    await page.goto('/Notifications');
    await page.getByRole('heading', { name: 'My Notifications' }).waitFor();
    await page.getByText('All notifications sent to your account in the past 7 days').waitFor();
    const group = page.getByRole('region', { name: 'Policy Notifications' });
    // the group shows its 3 newest; the demo's storms may have alerted since, so open the whole group when it offers
    await group.getByRole('listitem').first().waitFor();
    const expand = group.getByRole('button', { name: 'Expand', exact: true });
    if ((await expand.count()) > 0) await expand.click();
    await group
      .getByRole('button', { expanded: false })
      .filter({ hasText: /Journey Field South/ })
      .first()
      .click();
    // the item opened (the group's own Expand/Collapse is outside its items)
    await group.getByRole('listitem').getByRole('button', { expanded: true }).first().waitFor();
    await screenshot(page, 'my-notifications-1440x900');
  });

  it('declining notifications turns the bell red with Notifications Disabled; enabling turns it back', async () => {
    await page.goto('/NotificationSettings');
    // the switch shows the server's state: it turns once the server has saved it
    await page.getByLabel('Receive alert notifications').click();
    await page.getByText(/^Notifications disabled\./).waitFor();
    await expect.poll(() => page.getByLabel('Receive alert notifications').isChecked()).toBe(false);
    const link = page.getByRole('banner').getByRole('link', { name: 'Notifications Disabled' });
    await link.waitFor();
    await screenshot(page, 'bell-disabled-1440x900');
    await link.click();
    await page.waitForURL(/\/NotificationSettings$/);
    await page.getByLabel('Receive alert notifications').click();
    await page.getByText('Notifications enabled.').waitFor();
    await link.waitFor({ state: 'detached' });
  });

  it('shows the settings on a phone', async () => {
    const phone = await open(SUPER, DEMO_PASSWORD, MOBILE);
    await phone.goto('/NotificationSettings');
    await phone.getByRole('heading', { name: 'Weekly Notification Schedule' }).waitFor();
    await screenshot(phone, 'notification-settings-390x844');
    await phone.goto('/Notifications');
    await phone.getByRole('heading', { name: 'My Notifications' }).waitFor();
    await screenshot(phone, 'my-notifications-390x844');
  });
});

describe('[ADMIN][CONSULTATION] ask a meteorologist', () => {
  it('sends a question copied to an Assistant Admin: success, and the e-mail reaches the outbox', async () => {
    const page = await open(ADMIN);
    await page.goto('/Consultation');
    await page.getByRole('heading', { name: 'Ask a Meteorologist' }).waitFor();
    await page
      .getByRole('complementary')
      .getByRole('link', { name: /Help Center/ })
      .waitFor();
    await page
      .getByLabel('Your question')
      .fill('Will the storms near Arlington clear before our 7 PM kickoff?');
    await page.getByLabel('Copy other admins (optional)').click();
    await page
      .getByRole('option', { name: /Assistant Admin/ })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'consultation-1440x900');
    await page.getByRole('button', { name: 'Send' }).click();
    const status = page
      .getByRole('status')
      .filter({ hasText: 'Our Meteorologists have received your question' });
    await status.waitFor({ timeout: 15_000 });
    const reference = /MET-[0-9A-Z]{8}/.exec((await status.textContent()) ?? '')?.[0];
    expect(reference).toBeTruthy();
    await page.getByRole('button', { name: 'Send another request' }).waitFor();
    await screenshot(page, 'consultation-sent-1440x900');

    let mail: OutboxMessage | undefined;
    await expect
      .poll(
        async () => {
          mail = (await outbox()).find((m) => m.channel === 'email' && m.subject.includes(reference!));
          return mail !== undefined;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    expect(mail!.recipient).toBe('meteorologists@allclear.local');
    expect(mail!.headers.Cc).toContain(ADMIN);
    expect(mail!.headers.Cc).toContain(ASSISTANT);
    expect(mail!.body).toContain('Will the storms near Arlington clear before our 7 PM kickoff?');

    await page.getByRole('button', { name: 'Send another request' }).click();
    await page.getByLabel('Your question').waitFor();
  });

  it('shows the form on a phone', async () => {
    const phone = await open(ADMIN, DEMO_PASSWORD, MOBILE);
    await phone.goto('/Consultation');
    await phone.getByLabel('Your question').waitFor();
    await screenshot(phone, 'consultation-390x844');
  });
});
