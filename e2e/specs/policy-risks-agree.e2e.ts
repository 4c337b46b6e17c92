// [ADMIN][DASHBOARD] Issue 20 'Warnings that agree with themselves': 'Today's Policy Risks' and 'Active Warnings' of
// one location name the same policy as breached at every step of a gust front, driven through the real paths: a
// weather station the journey plays publishes its readings over the product's MQTT broker, the gateway stores them
// as the location's conditions, and the policy engine's own cycle raises the demo's Wind Gust policy (≥ 40 mph, all
// clear after 60 minutes below; db/seed/demo.ts) and clears it. Before: neither panel shows it breached; over the
// threshold: both do, the card's span starting when the warning started; back below, during the all-clear period:
// both still do, the warning reads 'reached 53 mph at … now 11 mph; all clear at … if it stays below' and the card's
// span ends at that all-clear time; after the all-clear: neither. Screenshots of both panels agreeing at 1440×900
// and 390×844 (the all-clear period).
//
// Why this file starts its own product at SIM_SPEED=60: the policy's all-clear is 60 minutes of the product's clock
// and the engine evaluates once a minute of it (POLICY_CYCLE_MS, slot-based on that clock), so at real time the
// journey would take over an hour; CI cannot afford it. SIM_SPEED is the product's own setting for this (main.ts
// wires it through product-clock.ts: in simulator mode the clock runs SIM_SPEED times real time), so every part the
// journey checks, the gateway's freshness window, the engine's cycle and the warning's life cycle, runs unchanged,
// an hour in a minute. Sign-in and tokens keep real time (the identity service never reads the product clock), so
// the default token lifetime serves. Nothing is mocked and no fixed time is slept: each step waits for what the API
// says has happened, then reads both panels as a user would, on a fresh load of the dashboard.
//
// The location is one the journey adds at start-up, beside the TCU Weather Station (no other station of the
// customer within 10 miles, so that station's readings are its conditions). It is not a seeded venue: the simulator
// steers a storm over every seeded venue within minutes of its start, and a venue's own warning could already be
// running. The simulator's virtual station still reports the TCU unit at each 5-minute slot of the clock, timed at
// the slot's start; the journey's readings are sent every 250 ms (15 s of product time) and timed 45 s ahead of its
// clock as the journey reads it (within 30 s; the gateway accepts a station up to 2 minutes ahead), so they always
// stay the station's latest reading and the virtual one never becomes the location's conditions between two of ours
// (which, with a simulated storm over the station, could start or prolong the warning on its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { apiGet, apiSend, storedOidcUser } from '../support/app.ts';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser.ts';
import { freePort, startProduct, type RunningProduct } from '../support/product.ts';
import { mphToMs, playStation, readProductClock, type PlayedStation } from '../support/station.ts';

const SPEED = 60;
const MINUTE_MS = 60_000;
/** How often the journey's station reports, real ms (15 s of the product's clock). */
const PUBLISH_EVERY_MS = 250;
/** How far ahead of the product's clock its readings are timed, ms of that clock. */
const LEAD_MS = 45_000;
const ADMIN = 'admin@demo.allclear.test';
const STATION_VENUE = 'Amon G. Carter Stadium (TCU)';
const STATION_NAME = 'TCU Weather Station';
/** The journey's location, 0.3 mi from the TCU Weather Station (Fort Worth). */
const FIELD = { label: 'Gust Drill Field', latitude: 32.7112, longitude: -97.3648 };
const ZONE = 'America/Chicago';
/** The demo's Wind Gust policy (db/seed/demo.ts). */
const POLICY = { name: 'Wind Gust', threshold: 40, allClearMinutes: 60 };
const CALM_MPH = 11;
const FRONT_MPH = 53;
const CALM = {
  temperatureC: 21,
  humidityPct: 50,
  windSpeedMs: mphToMs(12),
  windGustMs: mphToMs(CALM_MPH),
  windDirectionDeg: 200,
  pressureHpa: 1012,
  rainMm: 0,
};

interface Location {
  id: number;
  label: string;
}
interface PolicyWarning {
  policyName: string;
  value: number;
  startedTime: string;
  allClearTime: string | null;
}

let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let station: PlayedStation | undefined;
let productNow: () => number;
let field: Location;
/** The Wind Gust warning of the journey: its start, and (back below) its all-clear time, as the API gave them. */
let startedAt: number;
let allClearAt: number;

// ───────── reading local times: the location's zone, minutes of its day ─────────

const hourMinute = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant's minute of the day in the location's zone. */
function minuteOfDay(ms: number): number {
  const parts = hourMinute.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

/** '6:15 PM' or '6 PM' as a minute of the day. */
function clockMinute(text: string): number {
  const m = /^(\d{1,2})(?::(\d\d))? ([AP]M)$/.exec(text.trim());
  if (!m) throw new Error(`not a clock time: '${text}'`);
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2] ?? 0);
}

/** Whether minute `x` lies in [from, to] of the day, a span across midnight included. */
function within(x: number, from: number, to: number): boolean {
  const day = 24 * 60;
  return (((x - from) % day) + day) % day <= (((to - from) % day) + day) % day;
}

const CLOCK = String.raw`\d{1,2}(?::\d\d)? [AP]M`;

// ───────── the two panels as shown ─────────

interface Shown {
  /** The Wind Gust tab of Active Warnings, or null when the panel has none. */
  warning: null | {
    heading: string;
    message: string;
    currentValue: string;
    started: number;
    allClearRow: string;
  };
  /** The Wind Gust row of Today's Policy Risks. */
  risk: { chip: string; peak: string; spans: { from: number; to: number }[]; caption: string };
  /** The product's clock before the dashboard loaded and after it was read. */
  before: number;
  after: number;
}

/** The non-empty lines of an element's rendered text. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function loaded(p: Page, path: string): Promise<Response> {
  return p.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET');
}

/** Opens the dashboard on the journey's location and reads both panels once their data has arrived. */
async function showDashboard(p: Page): Promise<Shown> {
  const before = productNow();
  const warningsLoaded = loaded(p, `/api/PolicyWarnings/Location/${field.id}`);
  const risksLoaded = loaded(p, `/api/ThreatForecast/Location/${field.id}`);
  await p.goto(`/?location=${field.id}`);
  const [warningsResponse, risksResponse] = await Promise.all([warningsLoaded, risksLoaded]);
  expect(warningsResponse.status()).toBe(200);
  expect(risksResponse.status()).toBe(200);
  const served = ((await warningsResponse.json()) as { data: PolicyWarning[] }).data;

  const risks = p.getByRole('region', { name: "Today's Policy Risks" });
  const row = risks.getByRole('listitem').filter({ hasText: POLICY.name });
  await row.waitFor({ timeout: 20_000 });
  const [chip, , caption = ''] = lines(await row.innerText());
  const peak = /^Peak (\S+)/.exec(caption)?.[1] ?? '';
  const spans = [...caption.matchAll(new RegExp(`(${CLOCK}) – (${CLOCK})`, 'g'))].map((m) => ({
    from: clockMinute(m[1]!),
    to: clockMinute(m[2]!),
  }));

  const panel = p.getByRole('region', { name: `Active Warnings for ${field.label}` });
  const tab = panel.getByRole('tab', { name: POLICY.name });
  let warning: Shown['warning'] = null;
  if (served.some((w) => w.policyName === 'GUST')) {
    await tab.click({ timeout: 10_000 });
    const text = lines(await panel.getByRole('tabpanel').innerText());
    const row = (label: string) =>
      text.find((l) => l.startsWith(`${label}: `))?.slice(label.length + 2) ?? '';
    warning = {
      heading: text[0] ?? '',
      message: text[1] ?? '',
      currentValue: row('Current Value'),
      started: clockMinute(new RegExp(`(${CLOCK}) \\w+$`).exec(row('Warning Started'))?.[1] ?? ''),
      allClearRow: row('All Clear'),
    };
  } else {
    // the page was served no Wind Gust warning: the panel must not show one once that answer is rendered
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await tab.count()).toBe(0);
  }
  return { warning, risk: { chip: chip ?? '', peak, spans, caption }, before, after: productNow() };
}

/** Whether the card shows the policy breached now: a span of it covers the moment the page asked. */
function riskBreachedNow(shown: Shown): boolean {
  return shown.risk.spans.some((s) => within(minuteOfDay(shown.before), s.from, s.to));
}

// ───────── what the API says has happened (what each step waits for) ─────────

async function gustWarning(): Promise<PolicyWarning | undefined> {
  const res = await apiGet<PolicyWarning[]>(page, `/api/PolicyWarnings/Location/${field.id}`);
  expect(res.status).toBe(200);
  return res.data!.find((w) => w.policyName === 'GUST');
}

/** The gust of the location's current conditions (mph) and where they came from. */
async function currentGust(): Promise<{ source: string; gust: number | null; at: number }> {
  const res = await apiGet<{
    data: { source: string; windGust: { value: number | null }; observationTime: string } | null;
  }>(page, `/api/observations/ForLocation/${field.id}`);
  expect(res.status).toBe(200);
  const d = res.data!.data;
  return d
    ? { source: d.source, gust: d.windGust.value, at: Date.parse(d.observationTime) }
    : { source: 'none', gust: null, at: 0 };
}

/** Real-time milliseconds until the product's clock reads `productMs`, plus `marginMs`. */
const realMsUntil = (productMs: number, marginMs: number) =>
  Math.max(0, (productMs - productNow()) / SPEED) + marginMs;

beforeAll(async () => {
  const mqttPort = await freePort();
  [product, browser] = await Promise.all([
    startProduct({ SIM_SPEED: String(SPEED), MQTT_PORT: String(mqttPort) }),
    launchBrowser(),
  ]);
  context = await newContext(browser, { width: 1440, height: 900 }, product.baseUrl);
  page = await context.newPage();
  await signIn(page, ADMIN);

  const venues = await apiGet<Location[]>(page, '/api/location');
  const venue = venues.data!.find((l) => l.label === STATION_VENUE);
  if (!venue) throw new Error(`${STATION_VENUE} is not a location of ${ADMIN}`);
  const observed = await apiGet<{ weatherStation: { id: number; name: string } | null }>(
    page,
    `/api/observations/ForLocation/${venue.id}`,
  );
  expect(observed.data!.weatherStation?.name).toBe(STATION_NAME);
  const customers = await apiGet<{ id: number }[]>(page, '/api/Customer');
  expect(customers.data).toHaveLength(1);

  const token = (await storedOidcUser(page))!.access_token;
  const clock = await readProductClock({
    baseUrl: product.baseUrl,
    token,
    locationId: venue.id,
    speed: SPEED,
  });
  // timed LEAD_MS ahead give or take this error, the readings stay inside the gateway's window (at most 2 minutes
  // ahead of its clock) and ahead of the virtual station's (see the header)
  expect(clock.errorMs).toBeLessThanOrEqual(LEAD_MS - PUBLISH_EVERY_MS * SPEED);
  productNow = clock.now;
  station = await playStation({
    brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
    customerId: customers.data![0]!.id,
    stationId: observed.data!.weatherStation!.id,
    measures: CALM,
    now: productNow,
    everyMs: PUBLISH_EVERY_MS,
    leadMs: LEAD_MS,
  });

  const added = await apiSend<{ location: Location | null }>(page, 'POST', '/api/location/Add', {
    label: FIELD.label,
    locationName: 'Fort Worth, TX',
    latitude: FIELD.latitude,
    longitude: FIELD.longitude,
    radius1: 10,
    allClearMinutes: 30,
  });
  expect(added.status).toBe(200);
  field = added.data!.location!;
});

afterAll(async () => {
  await station?.stop();
  await context?.close();
  await browser?.close();
  await product?.stop();
});

describe('[ADMIN] Policy Risks and Active Warnings agree over a gust front (issue 20)', () => {
  it('before: the station reads 11 mph and neither panel shows the Wind Gust policy breached', async () => {
    // the location's conditions are the station's calm reading, and the engine has run two cycles since
    await expect
      .poll(
        async () => {
          const c = await currentGust();
          return { source: c.source, gust: c.gust };
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual({ source: 'station', gust: CALM_MPH });
    const since = productNow();
    await expect
      .poll(() => productNow(), { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(since + 2 * MINUTE_MS);
    expect(await gustWarning()).toBeUndefined();

    const shown = await showDashboard(page);
    expect(shown.warning).toBeNull();
    expect(riskBreachedNow(shown), shown.risk.caption).toBe(false);
  });

  it(`over the threshold: both panels show it breached, from the warning's start, at ${FRONT_MPH} mph`, async () => {
    await station!.set({ windGustMs: mphToMs(FRONT_MPH) });
    await expect
      .poll(async () => (await gustWarning())?.value, { timeout: 30_000, interval: 250 })
      .toBeCloseTo(FRONT_MPH, 0);
    startedAt = Date.parse((await gustWarning())!.startedTime);

    const shown = await showDashboard(page);
    expect(shown.warning).not.toBeNull();
    expect(shown.warning!.heading).toBe(`${POLICY.name} Policy Warning`);
    expect(shown.warning!.message).toMatch(
      new RegExp(
        `^${POLICY.name} at ${field.label} is ${FRONT_MPH} mph, at or above the policy threshold of ${POLICY.threshold} mph`,
      ),
    );
    expect(shown.warning!.currentValue).toBe(`${FRONT_MPH} mph`);
    expect(shown.warning!.started).toBe(minuteOfDay(startedAt));

    expect(shown.risk.chip, shown.risk.caption).toBe('Breach');
    expect(shown.risk.peak, shown.risk.caption).toBe(String(FRONT_MPH));
    expect(riskBreachedNow(shown), shown.risk.caption).toBe(true);
    // the card's span is the warning: from its start to now (our reading, timed ahead of now, is a span of its own)
    const span = shown.risk.spans.find((s) => s.from === shown.warning!.started);
    expect(span, shown.risk.caption).toBeDefined();
    expect(within(span!.to, minuteOfDay(shown.before), minuteOfDay(shown.after)), shown.risk.caption).toBe(
      true,
    );
  });

  it(`back below during the all-clear period: both still agree, 'reached ${FRONT_MPH} mph … all clear at … if it stays below' (screenshots)`, async () => {
    await station!.set({ windGustMs: mphToMs(CALM_MPH) });
    await expect
      .poll(
        async () => {
          const w = await gustWarning();
          return { value: w ? Math.round(w.value) : undefined, clearing: Boolean(w?.allClearTime) };
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual({ value: CALM_MPH, clearing: true });
    const warning = (await gustWarning())!;
    allClearAt = Date.parse(warning.allClearTime!);
    expect(Date.parse(warning.startedTime)).toBe(startedAt);
    // the all-clear comes the policy's minutes after the gust went back under (a cycle after our reading said so)
    expect(allClearAt - productNow()).toBeGreaterThan((POLICY.allClearMinutes - 5) * MINUTE_MS);

    const expectAgreement = (shown: Shown) => {
      const m = new RegExp(
        `^${POLICY.name} at ${field.label} reached ${FRONT_MPH} mph at (?:\\w+ \\d+, )?(${CLOCK}) \\w+ ` +
          `\\(threshold ${POLICY.threshold} mph\\); now ${CALM_MPH} mph; all clear at (${CLOCK}) \\w+ if it stays below\\.$`,
      ).exec(shown.warning?.message ?? '');
      expect(m, shown.warning?.message).not.toBeNull();
      const allClearShown = clockMinute(m![2]!);
      expect(allClearShown).toBe(minuteOfDay(allClearAt));
      expect(shown.warning!.currentValue).toBe(`${CALM_MPH} mph`);
      expect(shown.warning!.started).toBe(minuteOfDay(startedAt));
      expect(shown.warning!.allClearRow).toMatch(
        new RegExp(`^${POLICY.allClearMinutes} min · next possible all clear .*${m![2]!}`),
      );

      expect(shown.risk.chip, shown.risk.caption).toBe('Breach');
      // the card's peak is the warning's: what crossed, not what is now
      expect(shown.risk.peak, shown.risk.caption).toBe(String(FRONT_MPH));
      expect(riskBreachedNow(shown), shown.risk.caption).toBe(true);
      // and its span is the warning's, from its start to the all-clear time the warning names
      expect(shown.risk.spans, shown.risk.caption).toContainEqual({
        from: shown.warning!.started,
        to: allClearShown,
      });
    };

    const shown = await showDashboard(page);
    expectAgreement(shown);

    const panels = [
      ['warnings', page.getByRole('region', { name: `Active Warnings for ${field.label}` })],
      ['risks', page.getByRole('region', { name: "Today's Policy Risks" })],
    ] as const;
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const [name, panel] of panels) {
        await panel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshot(page, `policy-risks-agree-${name}-${viewport.width}x${viewport.height}`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // the screenshots show the all-clear period: it had not ended when they were taken
    expect(productNow()).toBeLessThan(allClearAt);
  });

  it('after the all-clear: neither panel shows the Wind Gust policy breached', async () => {
    await expect
      .poll(async () => (await gustWarning()) === undefined, {
        timeout: realMsUntil(allClearAt, 20_000),
        interval: 500,
      })
      .toBe(true);
    expect(productNow()).toBeGreaterThanOrEqual(allClearAt - MINUTE_MS);
    expect((await currentGust()).gust).toBe(CALM_MPH);

    const shown = await showDashboard(page);
    expect(shown.warning).toBeNull();
    expect(riskBreachedNow(shown), shown.risk.caption).toBe(false);
    // the warning's span is gone from the card with the warning
    expect(
      shown.risk.spans.some((s) => s.from === minuteOfDay(startedAt)),
      shown.risk.caption,
    ).toBe(false);
    expect(station!.published).toBeGreaterThan(0);
  }, 150_000);
});
