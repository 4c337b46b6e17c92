// [ADMIN][OBSERVATION] The map's observation tool on Live Radar (spec 01 §2 'Popups', §4 'Map action modes',
// §7 'Observations'): a click on no feature asks GET /api/observations?latitude&longitude&preferred and the popup
// shows the conditions there, from the customer's preferred station and, with the toggle, the nearest METAR.
// The page exposes `window.__allclearMap` because the context opts in with `__ALLCLEAR_TEST_HOOKS__`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser, newMapContext, screenshot, signIn } from '../support/browser.ts';

interface HookWindow {
  __allclearMap?: {
    map: {
      isStyleLoaded(): boolean;
      jumpTo(o: { center: [number, number]; zoom?: number }): void;
      getLayer(id: string): unknown;
      getCenter(): { lng: number; lat: number };
    };
  };
}

/** Open ground 4 miles south-east of AT&T Stadium: within reach of the demo's AT&T station, clear of its marker. */
const POINT = { latitude: 32.7, longitude: -97.05 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openContext = (viewport?: { width: number; height: number }): Promise<BrowserContext> =>
  newMapContext(browser, viewport);

/** Opens Live Radar with the lightning overlay off (a strike under the click would take it), centred on POINT. */
async function openLiveRadarAtPoint(page: Page): Promise<void> {
  await page.goto('/LiveRadar');
  await page.getByRole('heading', { name: 'Live Radar', level: 1 }).waitFor();
  // the style is in (radar frames may go on loading for as long as the loop plays)
  await page.waitForFunction(
    () => (window as unknown as HookWindow).__allclearMap?.map.isStyleLoaded() === true,
    undefined,
    { timeout: 45_000 },
  );
  await page.getByRole('button', { name: 'Layers' }).click();
  const lightning = page.getByRole('region', { name: 'Layers' }).getByRole('checkbox', { name: 'Lightning' });
  if (await lightning.isChecked()) await lightning.click();
  await page.getByRole('button', { name: 'Layers' }).click();
  await page.waitForFunction(
    () => !(window as unknown as HookWindow).__allclearMap!.map.getLayer('allclear-strikes'),
  );
  await page.evaluate(
    ([lng, lat]) =>
      (window as unknown as HookWindow).__allclearMap!.map.jumpTo({ center: [lng!, lat!], zoom: 10 }),
    [POINT.longitude, POINT.latitude],
  );
  // jumpTo moves at once: the canvas centre is POINT from here on (tiles may still be loading, which is fine)
  const centre = await page.evaluate(() => (window as unknown as HookWindow).__allclearMap!.map.getCenter());
  expect(centre.lat).toBeCloseTo(POINT.latitude, 4);
  expect(centre.lng).toBeCloseTo(POINT.longitude, 4);
}

/** Clicks the centre of the map canvas (POINT) and answers the observation call it made. */
async function clickMapCentre(page: Page): Promise<Response> {
  const box = await page.locator('[data-testid="weather-map"] canvas').first().boundingBox();
  if (!box) throw new Error('map canvas not visible');
  const call = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/observations', {
    timeout: 30_000,
  });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return call;
}

/** The popup text (its rows read "Temperature 50 °F"). */
async function popupRows(page: Page): Promise<string> {
  return page.locator('.maplibregl-popup-content').innerText();
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
const inside = (a: Rect, b: Rect) =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5;
const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function rectOf(page: Page, selector: Parameters<Page['locator']>[0] | ReturnType<Page['locator']>) {
  const box = await (typeof selector === 'string' ? page.locator(selector) : selector).boundingBox();
  if (!box) throw new Error(`not visible: ${String(selector)}`);
  return box;
}

/** The map's controls: the menu buttons, the tool stack and the radar bar. */
async function controlRects(page: Page): Promise<[string, Rect][]> {
  const out: [string, Rect][] = [];
  for (const name of ['Layers', 'Base Map', 'Legend'])
    out.push([name, await rectOf(page, page.getByRole('button', { name, exact: true }))]);
  out.push(['Map tools', await rectOf(page, page.getByRole('toolbar', { name: 'Map tools' }))]);
  out.push(['Radar controls', await rectOf(page, page.getByRole('group', { name: 'Radar controls' }))]);
  return out;
}

/** The popup lies wholly inside the map and over none of its controls. */
async function expectPopupClearOfControls(page: Page): Promise<void> {
  const map = await rectOf(page, '[data-testid="weather-map"]');
  const popup = await rectOf(page, '.maplibregl-popup-content');
  expect(inside(popup, map), `popup ${JSON.stringify(popup)} inside map ${JSON.stringify(map)}`).toBe(true);
  for (const [name, box] of await controlRects(page))
    expect(intersects(popup, box), `popup ${JSON.stringify(popup)} over ${name} ${JSON.stringify(box)}`).toBe(
      false,
    );
}

describe('[ADMIN][OBSERVATION] the observation tool on Live Radar', () => {
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    context = await openContext();
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signIn(page, 'admin@demo.allclear.test');
    await openLiveRadarAtPoint(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a click with the observation tool shows the preferred station and its readings', async () => {
    await page.getByRole('button', { name: 'Observation tool' }).click();
    expect(await page.getByRole('button', { name: 'Observation tool' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const res = await clickMapCentre(page);
    expect(res.request().method()).toBe('GET');
    expect(res.status()).toBe(200);
    const q = new URL(res.url()).searchParams;
    expect(Number(q.get('latitude'))).toBeCloseTo(POINT.latitude, 3);
    expect(Number(q.get('longitude'))).toBeCloseTo(POINT.longitude, 3);
    expect(q.get('preferred')).toBe('true');

    const popup = page.locator('.maplibregl-popup-content');
    await popup.getByText('Temperature').waitFor({ timeout: 15_000 });
    const text = await popupRows(page);
    expect(text).toContain('AT&T Stadium Station');
    expect(text).not.toContain('No data is available');
    expect(text).toMatch(/Temperature\s+-?\d+ °F/);
    expect(text).toMatch(/Humidity\s+\d+ %/);
    expect(text).toMatch(/Wind\s+\S+ \d+ mph/);
    await screenshot(page, 'observation-popup-1440x900');
  });

  it('the METAR toggle asks again with preferred=false and shows the airport report', async () => {
    const popup = page.locator('.maplibregl-popup-content');
    const call = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/observations' && r.url().includes('preferred=false'),
      { timeout: 30_000 },
    );
    await popup.getByRole('button', { name: 'METAR' }).click();
    const res = await call;
    expect(res.request().method()).toBe('GET');
    expect(res.status()).toBe(200);
    await page.waitForFunction(
      () =>
        !document.querySelector('.maplibregl-popup-content')?.textContent?.includes('AT&T Stadium Station'),
    );
    await popup.getByText('Temperature').waitFor({ timeout: 15_000 });
    const text = await popupRows(page);
    expect(text).not.toContain('No data is available');
    expect(text).toMatch(/Temperature\s+-?\d+ °F/);
    const body = (await res.json()) as { data: { metarStation: { name: string } | null } };
    expect(body.data.metarStation?.name).toBeTruthy();
    expect(text).toContain(body.data.metarStation!.name);
  });

  it('leaving the observation tool closes the popup', async () => {
    await page.getByRole('button', { name: 'Observation tool' }).click();
    await page.locator('.maplibregl-popup-content').waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    // closed inside the test, so the checks that run on closing a context belong to it
    await context.close();
  });

  it('shows the readings on a phone (390×844)', async () => {
    const phone = await openContext({ width: 390, height: 844 });
    const p = await phone.newPage();
    await signIn(p, 'admin@demo.allclear.test');
    await openLiveRadarAtPoint(p);
    await p.getByRole('button', { name: 'Observation tool' }).click();
    const res = await clickMapCentre(p);
    expect(res.status()).toBe(200);
    await p.locator('.maplibregl-popup-content').getByText('Temperature').waitFor({ timeout: 15_000 });
    expect(await popupRows(p)).toMatch(/Temperature\s+-?\d+ °F/);
    // the whole popup is on the map and clear of its controls (the menu buttons used to cover its top)
    await p.waitForTimeout(300);
    await expectPopupClearOfControls(p);
    await screenshot(p, 'observation-popup-390x844');
    // a menu stays inside the map too: the layer menu scrolls rather than running off it
    await p.getByRole('button', { name: 'Layers', exact: true }).click();
    const menu = await rectOf(p, p.getByRole('region', { name: 'Layers' }));
    expect(inside(menu, await rectOf(p, '[data-testid="weather-map"]'))).toBe(true);
    await p.getByRole('button', { name: 'Layers', exact: true }).click();
    await phone.close();
  });
});
