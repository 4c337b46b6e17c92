// [ADMIN][GROUPS] Issue 14 'User groups': an Admin opens Manage User Groups from the Users page, adds a group
// with its own alert times (Sunday ALL DAY, an overnight Tuesday with its note, Saturday off), sees them shown again
// after a reload exactly as saved (and as GET site serves them), changes Monday's start ('Upated user group', the
// spec's spelling), and deletes the group again; a group with users keeps Delete disabled. Screenshots of the modal
// at 1440×900 and 390×844 (axe-core runs on each). Runs on the run's shared product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { apiGet } from '../support/app.ts';

const ADMIN = 'admin@demo.allclear.test';
const GROUP = 'E2E Coaches';
// the overnight note names the Tuesday row's real times
const OVERNIGHT_NOTE = 'Receive alerts from Tuesday 10:00 PM to Wednesday 6:00 AM';

interface Site {
  id: number;
  name: string;
  users: number;
  alertTimes: { day: number; startTime: string; endTime: string; allDay: boolean; enabled: boolean }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, ADMIN);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Opens Manage User Groups from the Users page. */
async function openGroups(p: Page): Promise<Locator> {
  await p.goto('/Users');
  await p.getByRole('button', { name: 'Manage Groups' }).click();
  const modal = p.getByRole('dialog', { name: 'Manage User Groups' });
  await modal.waitFor();
  return modal;
}

/** Expands a group's card and returns its form. */
async function expand(modal: Locator, name: string): Promise<Locator> {
  await modal.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const form = modal.getByRole('form', { name: `Edit ${name}` });
  await form.waitFor();
  // the card has finished opening (MUI's Collapse)
  await modal.locator('.MuiAccordion-root.Mui-expanded .MuiCollapse-entered').waitFor();
  return form;
}

const select = (form: Locator, day: string, which: 'Start' | 'End') =>
  form.getByRole('combobox', { name: `${day} ${which}` });

async function choose(form: Locator, day: string, which: 'Start' | 'End', option: string) {
  await select(form, day, which).click();
  await form.page().getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => select(form, day, which).innerText()).toBe(option);
}

async function toast(p: Page, text: string) {
  await p.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function savedGroup(): Promise<Site | undefined> {
  const res = await apiGet<Site[]>(page, '/api/site');
  expect(res.status).toBe(200);
  return res.data!.find((s) => s.name === GROUP);
}

describe('[ADMIN][GROUPS] a group’s alert times are saved and shown again', () => {
  it('adds a group with its alert times, shows them again after a reload, edits and deletes it', async () => {
    let modal = await openGroups(page);
    await modal.getByRole('button', { name: '+ New group...' }).click();
    let form = modal.getByRole('form', { name: 'Edit New group' });
    await form.getByRole('textbox', { name: 'Name' }).fill(GROUP);
    // every day starts at the new-group default
    expect(await select(form, 'Wednesday', 'Start').innerText()).toBe('5:00 AM');
    expect(await select(form, 'Wednesday', 'End').innerText()).toBe('11:00 PM');
    await choose(form, 'Sunday', 'Start', 'ALL DAY');
    expect(await select(form, 'Sunday', 'End').innerText()).toBe('12:00 AM');
    await choose(form, 'Tuesday', 'Start', '10:00 PM');
    await choose(form, 'Tuesday', 'End', '6:00 AM');
    await form.getByText(OVERNIGHT_NOTE).waitFor();
    await form.getByRole('switch', { name: 'Alerts on Saturday' }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Created user group');

    const created = await savedGroup();
    expect(
      created?.alertTimes.map(({ day, startTime, endTime, allDay, enabled }) => ({
        day,
        startTime,
        endTime,
        allDay,
        enabled,
      })),
    ).toEqual([
      { day: 0, startTime: '05:00:00', endTime: '00:00:00', allDay: true, enabled: true },
      { day: 1, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: true },
      { day: 2, startTime: '22:00:00', endTime: '06:00:00', allDay: false, enabled: true },
      { day: 3, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: true },
      { day: 4, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: true },
      { day: 5, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: true },
      { day: 6, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: false },
    ]);

    // shown again, from the server, after a reload
    await page.reload();
    modal = await openGroups(page);
    form = await expand(modal, GROUP);
    expect(await select(form, 'Sunday', 'Start').innerText()).toBe('ALL DAY');
    expect(await select(form, 'Tuesday', 'Start').innerText()).toBe('10:00 PM');
    expect(await select(form, 'Tuesday', 'End').innerText()).toBe('6:00 AM');
    await form.getByText(OVERNIGHT_NOTE).waitFor();
    expect(await form.getByRole('switch', { name: 'Alerts on Saturday' }).isChecked()).toBe(false);
    expect(await form.getByRole('switch', { name: 'Alerts on Friday' }).isChecked()).toBe(true);
    await screenshot(page, 'groups-modal-1440x900');

    await choose(form, 'Monday', 'Start', '7:30 AM');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Upated user group');
    await expect.poll(async () => (await savedGroup())?.alertTimes[1]?.startTime).toBe('07:30:00');
    await page.reload();
    modal = await openGroups(page);
    form = await expand(modal, GROUP);
    expect(await select(form, 'Monday', 'Start').innerText()).toBe('7:30 AM');

    await form.getByRole('button', { name: 'Delete' }).click();
    await form
      .getByRole('group', { name: `Remove ${GROUP}` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(page, 'Deleted user group');
    await expect.poll(savedGroup).toBeUndefined();
  });

  it('keeps Delete disabled on a group with users, and fits a phone screen', async () => {
    const groups = await apiGet<Site[]>(page, '/api/site');
    const used = groups.data!.find((s) => s.users > 0)!;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const modal = await openGroups(page);
      const form = await expand(modal, used.name);
      expect(await form.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      await form.getByText('A group with users or widgets cannot be deleted.').waitFor();
      await screenshot(page, 'groups-modal-390x844');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
