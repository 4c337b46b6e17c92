// [ADMIN][POLICIES] Issue 14 'Policies': an Admin adds a Wind Speed policy on the Policies page (≥ 40 mph),
// edits its threshold to 20 mph and, with a reading above the new threshold coming in from the organisation's
// weather station, sees the warning on the dashboard; deleting the policy ends it at once. A threshold outside
// the type's physical range (a Wind Chill of 99999999 °F) is refused on its field, and choosing a type proposes
// its safe defaults. Driven through the real paths: a
// station the journey plays publishes its readings over the product's MQTT broker (support/station.ts), the gateway
// stores them as the venue's conditions, and the policy engine raises the warning; the policy is written through
// the page's own modal. Screenshots of the page, the modal, the Lightning Zone 1 warning and the dashboard's warning
// at 1440×900 and 390×844 (axe-core runs on each).
//
// The customer is 'Other Org' (db/seed/demo.ts): it has one station (McLane Weather Station) and no wind policy, so
// the only Wind Speed threshold in force is the journey's. This file starts its own product, for two settings:
// MQTT_PORT, so the station can reach the broker, and SIM_SPEED=60, so the engine's one-minute cycle (on the
// product's clock) comes every real second; the readings are timed on that clock as policy-risks-agree.e2e.ts
// explains (sent every 250 ms, 45 s of product time ahead, so the simulator's own station reading never becomes the
// venue's conditions in between). Each step waits for what the API says has happened; no fixed time is slept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiGet, apiSend, storedOidcUser } from '../support/app.ts';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { freePort, startProduct, type RunningProduct } from '../support/product.ts';
import { mphToMs, playStation, readProductClock, type PlayedStation } from '../support/station.ts';

const SPEED = 60;
const PUBLISH_EVERY_MS = 250;
const LEAD_MS = 45_000;
const ADMIN = 'admin@other.allclear.test';
const STATION_NAME = 'McLane Weather Station';
const CALM = {
  temperatureC: 21,
  humidityPct: 50,
  windSpeedMs: mphToMs(12),
  windGustMs: mphToMs(14),
  windDirectionDeg: 200,
  pressureHpa: 1012,
  rainMm: 0,
};
const WINDY_MPH = 25;

interface Location {
  id: number;
  label: string;
}
interface Policy {
  id: number;
  policyTypeShortName: string;
  threshold: number;
}
interface PolicyWarning {
  policyName: string;
  thresholdValue: number;
  value: number;
}

let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let station: PlayedStation | undefined;
let venue: Location;
let groupName: string;

beforeAll(async () => {
  const mqttPort = await freePort();
  [product, browser] = await Promise.all([
    startProduct({ SIM_SPEED: String(SPEED), MQTT_PORT: String(mqttPort) }),
    launchBrowser(),
  ]);
  context = await newContext(browser, { width: 1440, height: 900 }, product.baseUrl);
  page = await context.newPage();
  await signIn(page, ADMIN);

  // the venue whose conditions are the station's
  const locations = (await apiGet<Location[]>(page, '/api/location')).data!;
  for (const location of locations) {
    const observed = await apiGet<{ weatherStation: { id: number; name: string } | null }>(
      page,
      `/api/observations/ForLocation/${location.id}`,
    );
    if (observed.data?.weatherStation?.name !== STATION_NAME) continue;
    venue = location;
    const customers = await apiGet<{ id: number }[]>(page, '/api/Customer');
    const clock = await readProductClock({
      baseUrl: product.baseUrl,
      token: (await storedOidcUser(page))!.access_token,
      locationId: location.id,
      speed: SPEED,
    });
    expect(clock.errorMs).toBeLessThanOrEqual(LEAD_MS - PUBLISH_EVERY_MS * SPEED);
    station = await playStation({
      brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
      customerId: customers.data![0]!.id,
      stationId: observed.data.weatherStation.id,
      measures: CALM,
      now: clock.now,
      everyMs: PUBLISH_EVERY_MS,
      leadMs: LEAD_MS,
    });
    break;
  }
  if (!station) throw new Error(`no location of ${ADMIN} reads ${STATION_NAME}`);
  groupName = (await apiGet<{ name: string }[]>(page, '/api/site')).data![0]!.name;
});

afterAll(async () => {
  await station?.stop();
  await context?.close();
  await browser?.close();
  await product?.stop();
});

/** The venue's current wind speed (mph) as its conditions say, and where they came from. */
async function currentWind(): Promise<{ source: string; wind: number | null }> {
  const res = await apiGet<{ data: { source: string; windSpeed: { value: number | null } } | null }>(
    page,
    `/api/observations/ForLocation/${venue.id}`,
  );
  const d = res.data?.data;
  return d ? { source: d.source, wind: d.windSpeed.value } : { source: 'none', wind: null };
}

async function windWarning(): Promise<PolicyWarning | undefined> {
  const res = await apiGet<PolicyWarning[]>(page, `/api/PolicyWarnings/Location/${venue.id}`);
  expect(res.status).toBe(200);
  return res.data!.find((w) => w.policyName === 'WIND');
}

async function windPolicies(): Promise<Policy[]> {
  const res = await apiGet<Policy[]>(page, '/api/policy');
  expect(res.status).toBe(200);
  return res.data!.filter((p) => p.policyTypeShortName === 'WIND');
}

async function toast(p: Page, text: string) {
  await p.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function openPolicies(p: Page) {
  await p.goto('/Policies');
  await p.getByRole('heading', { level: 1, name: 'Policies' }).waitFor();
  await p.getByRole('article').first().waitFor();
}

const windCard = (p: Page) => p.getByRole('article', { name: 'Wind Speed' });
const modalOf = (p: Page, title: 'Add Policy' | 'Edit Policy') => p.getByRole('dialog', { name: title });

/** Waits for a dialog's fade-in to end (a screenshot or axe-core mid-fade reads faint text). */
async function settled(dialog: Locator) {
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container')!).opacity))
    .toBe('1');
}

async function chooseType(modal: Locator, name: string) {
  await modal.getByRole('combobox', { name: /Policy Type/ }).click();
  await modal.page().getByRole('option', { name, exact: true }).click();
  // the menu has closed (its fade-out would be read by axe-core as faint text)
  await modal.page().locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

describe('[ADMIN][POLICIES] a policy is added, edited and deleted, and its new threshold raises a warning', () => {
  it("refuses a Wind Chill of 99999999 °F on its field, naming the type's range; nothing is saved", async () => {
    await openPolicies(page);
    const before = (await apiGet<Policy[]>(page, '/api/policy')).data!.length;
    await page.getByRole('button', { name: 'Add Policy' }).click();
    const modal = modalOf(page, 'Add Policy');
    await chooseType(modal, 'Wind Chill');
    // the type proposes its own safe default, not a temperature of 80
    expect(await modal.getByRole('spinbutton', { name: /^Threshold/ }).inputValue()).toBe('0');
    await modal.getByRole('spinbutton', { name: /^Threshold/ }).fill('99999999');
    await modal.getByRole('checkbox', { name: groupName }).check();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Threshold must be between -100 and 65 °F.').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    expect((await apiGet<Policy[]>(page, '/api/policy')).data!.length).toBe(before);
  });

  it('adds a Wind Speed policy at 40 mph for a group (Saved)', async () => {
    await openPolicies(page);
    await screenshot(page, 'policies-page-1440x900');
    await page.getByRole('button', { name: 'Add Policy' }).click();
    const modal = modalOf(page, 'Add Policy');
    await chooseType(modal, 'Wind Speed');
    await modal.getByRole('spinbutton', { name: /^Threshold/ }).fill('40');
    await modal.getByText('A policy with no groups is inactive', { exact: false }).waitFor();
    await modal.getByRole('checkbox', { name: groupName }).check();
    await modal.getByRole('switch', { name: 'Notify Users' }).check();
    await modal.getByRole('textbox', { name: 'Trigger Message' }).waitFor();
    await screenshot(page, 'policy-modal-1440x900');
    await modal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved');
    await expect
      .poll(async () => (await windCard(page).innerText()).includes('At or above 40 mph'))
      .toBe(true);
    expect((await windPolicies()).map((p) => p.threshold)).toEqual([40]);
  });

  it('edits the threshold to 20 mph (Updated); the calm reading (12 mph) raises nothing', async () => {
    await expect
      .poll(currentWind, { timeout: 30_000, interval: 250 })
      .toEqual({ source: 'station', wind: 12 });
    await openPolicies(page);
    await windCard(page).getByRole('button', { name: 'Edit Wind Speed policy' }).click();
    const modal = modalOf(page, 'Edit Policy');
    expect(await modal.getByRole('combobox', { name: /Policy Type/ }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await modal.getByRole('spinbutton', { name: /^Threshold/ }).fill('20');
    await modal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Updated');
    await expect
      .poll(async () => (await windCard(page).innerText()).includes('At or above 20 mph'))
      .toBe(true);
    expect((await windPolicies()).map((p) => p.threshold)).toEqual([20]);
    // the engine evaluated the saved change at once: 12 mph is under 20
    expect(await windWarning()).toBeUndefined();
  });

  it(`a reading of ${WINDY_MPH} mph, above the new threshold, raises the warning on the dashboard`, async () => {
    await station!.set({ windSpeedMs: mphToMs(WINDY_MPH), windGustMs: mphToMs(WINDY_MPH + 3) });
    await expect
      .poll(async () => (await windWarning())?.thresholdValue, { timeout: 30_000, interval: 250 })
      .toBe(20);
    expect((await windWarning())!.value).toBeCloseTo(WINDY_MPH, 0);

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/?location=${venue.id}`);
      const panel = page.getByRole('region', { name: `Active Warnings for ${venue.label}` });
      await panel.getByRole('tab', { name: 'Wind Speed' }).click({ timeout: 20_000 });
      const detail = panel.getByRole('tabpanel');
      await detail.getByText('Wind Speed Policy Warning').waitFor();
      expect(await detail.innerText()).toContain('20 mph');
      await screenshot(page, `policy-warning-dashboard-${viewport.width}x${viewport.height}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('deletes the policy in force (Deleted): its card and its warning are gone at once, not handed to another', async () => {
    expect(await windWarning()).toBeDefined();
    // a second Wind Speed policy, at 45 mph, which the 25 mph reading does not breach: the deleted policy's
    // warning must not live on under it
    const types = (await apiGet<{ id: number; shortName: string }[]>(page, '/api/policy/types')).data!;
    const other = await apiSend<Policy>(page, 'POST', '/api/policy', {
      policyType: types.find((t) => t.shortName === 'WIND')!.id,
      threshold: 45,
      allClearMinutes: 30,
      sites: [],
    });
    expect(other.status).toBe(200);
    try {
      await openPolicies(page);
      const inForce = windCard(page).filter({ hasText: 'At or above 20 mph' });
      await inForce.getByRole('button', { name: 'Edit Wind Speed policy' }).click();
      const modal = modalOf(page, 'Edit Policy');
      await modal.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Remove Policy' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await toast(page, 'Deleted');
      await inForce.waitFor({ state: 'detached' });
      expect((await windPolicies()).map((p) => p.threshold)).toEqual([45]);
      // ended with the deletion, not at the end of an all-clear period nor carried on under the 45 mph policy
      expect(await windWarning()).toBeUndefined();
    } finally {
      await apiSend(page, 'DELETE', `/api/policy/${other.data!.id}`);
    }
    expect(await windPolicies()).toEqual([]);
    // the dashboard's own read of the venue's warnings has none, and its panel no Wind Speed tab
    const served = page.waitForResponse((r) => r.url().endsWith(`/api/PolicyWarnings/Location/${venue.id}`));
    await page.goto(`/?location=${venue.id}`);
    const body = (await (await served).json()) as { data: PolicyWarning[] };
    expect(body.data.map((w) => w.policyName)).not.toContain('WIND');
    expect(await page.getByRole('tab', { name: 'Wind Speed' }).count()).toBe(0);
  });

  it('warns before a Lightning Zone 1 policy is saved, and fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openPolicies(page);
      await screenshot(page, 'policies-page-390x844');
      await page.getByRole('button', { name: 'Add Policy' }).click();
      const modal = modalOf(page, 'Add Policy');
      await chooseType(modal, 'Lightning Radius 1');
      // the type's safe defaults: a zone 1 radius of 8 miles, an all-clear of no less than 30 minutes
      expect(await modal.getByRole('spinbutton', { name: /^Threshold/ }).inputValue()).toBe('8');
      expect(await modal.getByRole('spinbutton', { name: /^All Clear/ }).inputValue()).toBe('30');
      await modal.getByRole('spinbutton', { name: /^Threshold/ }).fill('8');
      await screenshot(page, 'policy-modal-390x844');
      await modal.getByRole('button', { name: 'Save' }).click();
      const warning = page.getByRole('dialog', { name: 'Lightning Zone 1 Policy' });
      await settled(warning);
      await warning.getByText('This policy sets lightning zone 1', { exact: false }).waitFor();
      await screenshot(page, 'policy-lightning-zone-1-warning-390x844');
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await warning.waitFor({ state: 'detached' });
      await modal.getByRole('button', { name: 'Cancel' }).click();
      // the journey's last screen (axe-core at its close) is the page, not the modal part-way through its fade-out
      await modal.waitFor({ state: 'detached' });
      expect(
        (await apiGet<Policy[]>(page, '/api/policy')).data!.some((p) => p.policyTypeShortName === 'LR1'),
      ).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
