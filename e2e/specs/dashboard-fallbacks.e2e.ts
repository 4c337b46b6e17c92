// [ASSISTANT][DASHBOARD]: each fallback text of the dashboard appears when the server fails its call (issue 6
// 'Acceptance'; spec 01 §2, §8; spec 02 §2.2–2.3, §8), and the data comes back once the call works again. The
// server is made to fail through its loopback fault switch (PUT /dev/faults, APP_ENV=test), scoped to this
// journey's user, so the other journeys' users are untouched. Requests that carry no token (the signed station
// image, the public map style) can only be failed for every caller: those faults are narrow and removed at once
// (the spec files run one after another, e2e/vitest.config.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { ARTIFACTS, baseUrl, launchBrowser, newContext, signIn } from '../support/browser.ts';
import { apiGet } from '../support/app.ts';
import { allowConsoleErrors } from '../support/console-errors.ts';

/** The journey's own account: no other journey signs in with it except the sidebar check of shell.e2e.ts. */
const USER = 'assistant@demo.allclear.test';

const TEXTS = {
  conditionsError: 'Unable to load current conditions',
  conditionsNoData: 'No data is available for this location.',
  conditionsCrash: 'Your current conditions timeline is feeling under the weather. Try again shortly.',
  lightningError: 'Lightning status is temporarily unavailable.',
  lightningSupport: 'If this continues, please contact support by e-mail or phone.',
  lightningCrash: "Your lightning data is on strike. We're in negotiations and will be back to work soon.",
  forecast:
    "Your forecast breakdown is having a breakdown. Give us a moment, and we'll be back up and running soon!",
  alerts: "Uh oh, there's an issue displaying your alerts. We're working on it!",
  timeline: 'There was an error while trying to load the conditions timeline',
  policyRisks: 'There was an error while trying to load the threats forecast',
  airQuality: "Your AQI data is taking a breather. Hang tight and we'll be back soon!",
  heatStressNoData: 'No data is available for this location.',
  locations: 'Problem retrieving locations',
  locationsDetail: 'Check internet connection.',
  map: "Your map data got lost. Give us a moment and we'll find our way back to you!",
} as const;

interface Location {
  id: number;
  label: string;
  organizationLocationId: number | null;
}
interface Observation {
  data: Record<string, unknown> | null;
  weatherStation: { id: number; type: number; imageUrl: string | null } | null;
}

/** The errors this journey causes on purpose: every other console error still fails it. */
const INJECTED_FAULTS = [
  {
    pattern: /Failed to load resource: the server responded with a status of 503 /,
    reason: 'the fault switch answers 503 to the call under test (fail())',
  },
  {
    pattern:
      /(Dashboard panel crashed|Map crashed|AJAXError: Service Unavailable \(503\)|TypeError: Cannot read properties of null)/,
    reason:
      'the crash cases plant a malformed answer or fail the map style: the error boundary logs what it caught',
  },
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** A location of the user with every optional card: a station (timeline, image), heat stress and air quality. */
let venue: Location;
let observation: Observation;
const faultIds: number[] = [];

interface FaultInput {
  /** Regular expression on the request path. */
  pathPattern: string;
  status?: number;
  /** A malformed answer instead of the error envelope. */
  body?: unknown;
  /** For requests without a token (signed images, public map files), which no user scope can match. */
  everyCaller?: boolean;
}

/** Makes the server fail matching requests of USER (or of every caller), through the loopback fault switch. */
async function fail({ pathPattern, status = 503, body, everyCaller = false }: FaultInput): Promise<void> {
  const res = await fetch(`${baseUrl()}/dev/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      pathPattern,
      status,
      ...(everyCaller ? {} : { userEmail: USER }),
      ...(body === undefined ? {} : { body }),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  faultIds.push(((await res.json()) as { data: { id: number } }).data.id);
}

/** Removes this journey's faults (only its own). */
async function restore(): Promise<void> {
  while (faultIds.length > 0) {
    const res = await fetch(`${baseUrl()}/dev/faults/${faultIds.pop()}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
  }
}

async function openDashboard(): Promise<void> {
  await page.goto(`/?location=${venue.id}`);
}

const region = (name: string): Locator => page.getByRole('region', { name, exact: true });

/** Waits until the exact text shows (failed calls are retried twice with back-off first). */
async function expectVisible(scope: Locator | Page, text: string): Promise<void> {
  await scope.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 20_000 });
}

async function expectGone(scope: Locator | Page, text: string): Promise<void> {
  await expect.poll(() => scope.getByText(text, { exact: true }).count(), { timeout: 20_000 }).toBe(0);
}

/** The first of the user's locations that shows every optional card, with its current observation. */
async function findVenue(): Promise<{ venue: Location; observation: Observation }> {
  const list = await apiGet<Location[]>(page, '/api/location');
  expect(list.status).toBe(200);
  for (const location of list.data!) {
    if (location.organizationLocationId === null) continue;
    const obs = await apiGet<Observation>(page, `/api/observations/ForLocation/${location.id}`);
    if (!obs.data?.data || (obs.data.weatherStation?.type ?? 0) <= 0 || !obs.data.weatherStation?.imageUrl)
      continue;
    const workRest = await apiGet<unknown>(
      page,
      `/api/WorkRest/ForLocation/${location.organizationLocationId}`,
    );
    const air = await apiGet<unknown[]>(page, `/api/AirQuality/Location/${location.id}`);
    if (workRest.data && (air.data?.length ?? 0) > 0) return { venue: location, observation: obs.data };
  }
  throw new Error(`none of ${USER}'s locations has a station with an image, heat stress and air quality`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  allowConsoleErrors(context, INJECTED_FAULTS);
  page = await context.newPage();
  await signIn(page, USER);
  ({ venue, observation } = await findVenue());
  console.log(`fallback journeys on '${venue.label}' (location ${venue.id})`);
});
afterEach(async (test) => {
  // what the screen showed when a journey failed, for whoever reads the run
  if (test.task.result?.state === 'fail') {
    console.log(`'${test.task.name}' failed on ${page.url()}`);
    await page.screenshot({
      path: join(ARTIFACTS, `dashboard-fallback-failed-${test.task.id}.png`),
      fullPage: true,
    });
  }
  await restore();
});
afterAll(async () => {
  await restore();
  await context?.close();
  await browser?.close();
});

describe('[ASSISTANT][DASHBOARD] fallbacks when the server fails a call', () => {
  it('current conditions: both texts, and the heat stress card has no data, until the call works again', async () => {
    await fail({ pathPattern: '^/api/observations/ForLocation/\\d+$' });
    await openDashboard();
    const conditions = region('Current Conditions');
    await expectVisible(conditions, TEXTS.conditionsError);
    await expectVisible(conditions, TEXTS.conditionsNoData);
    await expectVisible(region('Heat Stress'), TEXTS.heatStressNoData);
    await page
      .getByTestId('card-row')
      .screenshot({ path: join(ARTIFACTS, 'dashboard-fallback-conditions.png') });

    await restore();
    await page.reload();
    await expect.poll(() => conditions.innerText(), { timeout: 20_000 }).toMatch(/\d+(\.\d)? °F/);
    await expectGone(conditions, TEXTS.conditionsError);
    await expectGone(region('Heat Stress'), TEXTS.heatStressNoData);
  });

  it('current conditions: the crash text when the answer cannot be shown', async () => {
    const broken = { ...observation, data: { ...observation.data, weather_code: null } };
    await fail({ pathPattern: '^/api/observations/ForLocation/\\d+$', status: 200, body: { data: broken } });
    await openDashboard();
    await expectVisible(page.locator('main'), TEXTS.conditionsCrash);
    // only that panel fell over
    await region('Lightning Status').getByTestId('zone-1-countdown').waitFor({ timeout: 20_000 });

    await restore();
    await page.reload();
    await expect.poll(() => region('Current Conditions').innerText(), { timeout: 20_000 }).toMatch(/°F/);
    await expectGone(page.locator('main'), TEXTS.conditionsCrash);
  });

  it('lightning status: the error and support texts, and the countdown returns on the next poll', async () => {
    await fail({ pathPattern: '^/api/Lightning/Location/\\d+$' });
    await openDashboard();
    const lightning = region('Lightning Status');
    await expectVisible(lightning, TEXTS.lightningError);
    await expectVisible(lightning, TEXTS.lightningSupport);

    // no reload: the panel's 10 s poll recovers it by itself
    await restore();
    await lightning.getByTestId('zone-1-countdown').waitFor({ timeout: 20_000 });
    await expectGone(lightning, TEXTS.lightningError);
  });

  it('lightning status: the crash text when the answer cannot be shown', async () => {
    await fail({
      pathPattern: '^/api/Lightning/Location/\\d+$',
      status: 200,
      body: { data: { zones: null } },
    });
    await openDashboard();
    await expectVisible(page.locator('main'), TEXTS.lightningCrash);
    await expect.poll(() => region('Current Conditions').innerText(), { timeout: 20_000 }).toMatch(/°F/);

    await restore();
    await page.reload();
    await region('Lightning Status').getByTestId('zone-1-countdown').waitFor({ timeout: 20_000 });
    await expectGone(page.locator('main'), TEXTS.lightningCrash);
  });

  it('forecast breakdown: its failure text', async () => {
    await fail({ pathPattern: '^/api/forecast/(Hourly|Daily)/ForLocation/\\d+$' });
    await openDashboard();
    await expectVisible(page.locator('main'), TEXTS.forecast);

    await restore();
    await page.reload();
    const hourly = page.getByRole('list', { name: 'Hourly forecast' });
    await expect.poll(() => hourly.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(12);
    await expectGone(page.locator('main'), TEXTS.forecast);
  });

  it.each([
    ['policy warnings', '^/api/PolicyWarnings/Location/\\d+$'],
    ['NWS alerts', '^/api/Advisory/Detail/\\d+$'],
    ['proactive forecasts', '^/api/ProactiveForecast/Location/\\d+$'],
  ])('active warnings: the alerts failure text when the %s call fails', async (_name, pathPattern) => {
    await fail({ pathPattern });
    await openDashboard();
    await expectVisible(page.locator('main'), TEXTS.alerts);

    await restore();
    await page.reload();
    await expect.poll(() => region('Current Conditions').innerText(), { timeout: 20_000 }).toMatch(/°F/);
    await expectGone(page.locator('main'), TEXTS.alerts);
  });

  it("today's policy risks: its error text", async () => {
    await fail({ pathPattern: '^/api/ThreatForecast/Location/\\d+$' });
    await openDashboard();
    const risks = region("Today's Policy Risks");
    await expectVisible(risks, TEXTS.policyRisks);

    await restore();
    await page.reload();
    await expect
      .poll(() => risks.innerText(), { timeout: 20_000 })
      .toMatch(/Looking Good Today|No Policies|No data available for this location|Peak|Next 24hr/);
    await expectGone(risks, TEXTS.policyRisks);
  });

  it('conditions timeline: its failure text', async () => {
    await fail({ pathPattern: '^/api/Observations/Historical/\\d+$' });
    await openDashboard();
    const timeline = region('Conditions Timeline');
    await expectVisible(timeline, TEXTS.timeline);

    await restore();
    await page.reload();
    // On this fresh server the engine backfilled the simulated past, so the 3 hours shown are full of readings
    // (one every 5 minutes) and the chart draws its observed line, not a single point.
    const readings = timeline.getByRole('table', { name: 'WBGT readings' });
    await expect
      .poll(() => readings.locator('tr').filter({ hasNotText: '--' }).count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3 * 12);
    await expectGone(timeline, TEXTS.timeline);
    await timeline.screenshot({ path: join(ARTIFACTS, 'dashboard-timeline-fresh-start.png') });
  });

  it('air quality: its fallback text', async () => {
    await fail({ pathPattern: '^/api/AirQuality/Location/\\d+$' });
    await openDashboard();
    const air = region('Air Quality');
    await expectVisible(air, TEXTS.airQuality);

    await restore();
    await page.reload();
    await air.getByRole('button', { name: 'View Details' }).waitFor({ timeout: 20_000 });
    await expectGone(air, TEXTS.airQuality);
  });

  it('station image: the camera-off placeholder when the image fails to load', async () => {
    const stationId = observation.weatherStation!.id;
    await fail({ pathPattern: `^/api/Hardware/WeatherStation/Image/${stationId}$`, everyCaller: true });
    // the image is cached for a minute (private, max-age=60) under a signed URL the server keeps as long: a
    // browser that has not seen it yet asks for it
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await openDashboard();
    const selected = page.locator('section[aria-label="Selected location"]');
    await selected.getByRole('img', { name: 'No camera image' }).waitFor({ timeout: 20_000 });

    await restore();
    await page.reload();
    const image = selected.locator(`img[src*="/Hardware/WeatherStation/Image/${stationId}"]`);
    await image.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await selected.getByRole('img', { name: 'No camera image' }).count()).toBe(0);
  });

  it('map: its fallback text when the base style cannot be loaded', async () => {
    // The browser keeps a loaded style for 5 minutes: a fresh context asks the server for it.
    const fresh = await newContext(browser);
    allowConsoleErrors(fresh, INJECTED_FAULTS);
    try {
      const freshPage = await fresh.newPage();
      await signIn(freshPage, USER);
      await fail({ pathPattern: '^/map/style/[a-z]+\\.json$', everyCaller: true });
      await freshPage.goto(`/?location=${venue.id}`);
      await expectVisible(freshPage.locator('main'), TEXTS.map);

      await restore();
      await freshPage.reload();
      await freshPage.getByRole('region', { name: 'Dashboard map' }).waitFor({ timeout: 20_000 });
      await expectGone(freshPage.locator('main'), TEXTS.map);
    } finally {
      await fresh.close();
    }
  });

  it('locations: the error state when the list cannot be loaded', async () => {
    await fail({ pathPattern: '^/api/location$' });
    await openDashboard();
    await expectVisible(page.locator('main'), TEXTS.locations);
    await expectVisible(page.locator('main'), TEXTS.locationsDetail);

    await restore();
    await page.reload();
    await page.locator('section[aria-label="Selected location"]').waitFor({ timeout: 20_000 });
    await expectGone(page.locator('main'), TEXTS.locations);
  });
});
