// [ADMIN][RADAR] and [SUPER ADMIN][BROADCAST]: the Live Radar page and the Broadcast view in Chromium with WebGL
// (swiftshader), against the real map service. The page exposes `window.__allclearMap` (map instance, map store,
// radar sample) because each context opts in with `__ALLCLEAR_TEST_HOOKS__` before the app loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { greatCircleMiles } from '@allclear/domain';
import { baseUrl, launchBrowser, newMapContext, screenshot, signIn } from '../support/browser.ts';
import { unexpectedConsoleErrors, watchConsoleErrors } from '../support/console-errors.ts';

interface RadarSample {
  frameLayers: number;
  visibleFrame: number;
  visibleLoaded: boolean;
}

interface HookWindow {
  __allclearMap?: {
    map: {
      loaded(): boolean;
      getLayer(id: string): unknown;
      getStyle(): { layers: { id: string }[] };
      unproject(p: [number, number]): { lng: number; lat: number };
      jumpTo(o: { center: [number, number]; zoom?: number }): void;
      getCanvas(): HTMLCanvasElement;
    };
    store: {
      getState(): {
        overlays: string[];
        radarStyle: string;
        playback: string;
        progress: number;
        speed: string;
        setSpeed(s: string): void;
      };
    };
    radarSample(): RadarSample;
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openContext = (viewport?: { width: number; height: number }): Promise<BrowserContext> =>
  newMapContext(browser, viewport);

/** Waits for the map hook, a loaded style and a loaded radar frame on screen. */
async function waitForRadar(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const hook = (window as unknown as HookWindow).__allclearMap;
      if (!hook || !hook.map.loaded()) return false;
      const s = hook.radarSample();
      return s.frameLayers > 0 && s.visibleFrame >= 0 && s.visibleLoaded;
    },
    undefined,
    { timeout: 45_000 },
  );
}

function storeState(page: Page) {
  return page.evaluate(() => {
    const s = (window as unknown as HookWindow).__allclearMap!.store.getState();
    return {
      overlays: s.overlays,
      radarStyle: s.radarStyle,
      playback: s.playback,
      progress: s.progress,
      speed: s.speed,
    };
  });
}

function radarSample(page: Page): Promise<RadarSample> {
  return page.evaluate(() => (window as unknown as HookWindow).__allclearMap!.radarSample());
}

/** The access token of the signed-in session, as oidc-client-ts keeps it in session storage. */
function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    const user = key
      ? (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { access_token?: string } | null)
      : null;
    return user?.access_token ?? null;
  });
}

async function mapBox(page: Page) {
  const box = await page.locator('[data-testid="weather-map"] canvas').first().boundingBox();
  if (!box) throw new Error('map canvas not visible');
  return box;
}

describe('[ADMIN][RADAR] Live Radar', () => {
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    context = await openContext();
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signIn(page, 'admin@demo.allclear.test');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('loads with radar and lightning on, and screenshots at 1440×900', async () => {
    await page.goto('/LiveRadar');
    await page.getByRole('heading', { name: 'Live Radar', level: 1 }).waitFor();
    await waitForRadar(page);
    const state = await storeState(page);
    expect(state.overlays).toEqual(['radar', 'lightning']);
    expect(state.radarStyle).toBe('past');
    await page.waitForFunction(() =>
      Boolean((window as unknown as HookWindow).__allclearMap!.map.getLayer('allclear-strikes')),
    );
    const sample = await radarSample(page);
    // The past loop opens on its latest frame.
    expect(sample.visibleFrame).toBe(sample.frameLayers - 1);
    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Layers' });
    expect(await layers.getByRole('checkbox', { name: 'Radar' }).isChecked()).toBe(true);
    expect(await layers.getByRole('checkbox', { name: 'Lightning' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Layers' }).click();
    await screenshot(page, 'live-radar-1440x900');
  });

  it('a silent token renew keeps the page and its map mounted', async () => {
    // The e2e server issues 75 s access tokens, so the session renews one every ~15 s. A renew swaps the token
    // under the mounted app: the screen (and with it the map, its hook and the playback) must not start again.
    const before = await accessToken(page);
    expect(before).not.toBeNull();
    await page.evaluate(() => {
      const w = window as unknown as HookWindow & { __mapBeforeRenew?: unknown };
      w.__mapBeforeRenew = w.__allclearMap!.map;
    });
    await page.waitForFunction(
      (token) => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
        const user = key
          ? (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { access_token?: string })
          : null;
        return Boolean(user?.access_token) && user?.access_token !== token;
      },
      before,
      { timeout: 45_000 },
    );
    // Give React the render that follows the renew: an unmount would drop the hook until a new map loads.
    await page.waitForTimeout(1_000);
    expect(await accessToken(page)).not.toBe(before);
    expect(
      await page.evaluate(() => {
        const w = window as unknown as HookWindow & { __mapBeforeRenew?: unknown };
        return w.__allclearMap !== undefined && w.__allclearMap.map === w.__mapBeforeRenew;
      }),
    ).toBe(true);
    expect(await page.getByRole('heading', { name: 'Live Radar', level: 1 }).isVisible()).toBe(true);
  });

  it('toggling Road Conditions turns radar off and sets the road style, and back', async () => {
    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Layers' });
    await layers.getByRole('checkbox', { name: 'Road Conditions' }).click();
    expect(await layers.getByRole('checkbox', { name: 'Radar' }).isChecked()).toBe(false);
    let state = await storeState(page);
    expect(state.radarStyle).toBe('future-road-conditions');
    expect(state.overlays).not.toContain('radar');
    await page.waitForFunction(() =>
      (window as unknown as HookWindow)
        .__allclearMap!.map.getStyle()
        .layers.some((l) => l.id.startsWith('allclear-radar-future-road-conditions-')),
    );
    expect(await page.getByRole('button', { name: 'Road Conditions' }).isVisible()).toBe(true);

    await layers.getByRole('checkbox', { name: 'Radar' }).click();
    expect(await layers.getByRole('checkbox', { name: 'Road Conditions' }).isChecked()).toBe(false);
    state = await storeState(page);
    expect(state.radarStyle).toBe('past');
    expect(state.overlays).toContain('radar');
    await page.getByRole('button', { name: 'Layers' }).click();
    await waitForRadar(page);
  });

  it('every overlay of the layer menu draws its layers from the map service', async () => {
    const overlays: [string, string][] = [
      ['Tropical Models', 'allclear-product-tropical-spaghetti-plot-us-line'],
      ['Tropical Forecast', 'allclear-tropical-points'],
      ['Surface Analysis', 'allclear-product-surface-analysis-line'],
      ['Storm Cells', 'allclear-storm-cells'],
      ['NWS Alerts', 'allclear-nws-alerts-fill'],
    ];
    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Layers' });
    for (const [label] of overlays) await layers.getByRole('checkbox', { name: label }).click();
    for (const [, layerId] of overlays)
      await page.waitForFunction(
        (id) => Boolean((window as unknown as HookWindow).__allclearMap!.map.getLayer(id)),
        layerId,
        { timeout: 20_000 },
      );
    for (const [label] of overlays) await layers.getByRole('checkbox', { name: label }).click();
    await page.getByRole('button', { name: 'Layers' }).click();
    expect(pageErrors).toEqual([]);
  });

  it('every layer on at once: no console error or unhandled rejection, and the map renders them all', async () => {
    const all: [string, string][] = [
      ['Tropical Models', 'allclear-product-tropical-spaghetti-plot-us-line'],
      ['Tropical Forecast', 'allclear-tropical-points'],
      ['Surface Analysis', 'allclear-product-surface-analysis-line'],
      ['Storm Cells', 'allclear-storm-cells'],
      ['NWS Alerts', 'allclear-nws-alerts-fill'],
      ['Lightning', 'allclear-strikes'],
    ];
    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Layers' });
    // Radar and Road Conditions exclude each other (spec 01 §4): each takes its turn with every other layer on.
    for (const [label] of all) {
      const box = layers.getByRole('checkbox', { name: label, exact: true });
      if (!(await box.isChecked())) await box.click();
    }
    for (const base of ['Radar', 'Road Conditions']) {
      const box = layers.getByRole('checkbox', { name: base, exact: true });
      if (!(await box.isChecked())) await box.click();
      const state = await storeState(page);
      expect(state.overlays).toHaveLength(7);
      const radarPrefix =
        base === 'Radar' ? 'allclear-radar-past-' : 'allclear-radar-future-road-conditions-';
      await page.waitForFunction(
        ([ids, prefix]) => {
          const map = (window as unknown as HookWindow).__allclearMap!.map;
          return (
            (ids as string[]).every((id) => Boolean(map.getLayer(id))) &&
            map.getStyle().layers.some((l) => l.id.startsWith(prefix as string))
          );
        },
        [all.map(([, id]) => id), radarPrefix] as const,
        { timeout: 30_000 },
      );
      // the map draws (a WebGL loss or a style error would leave the fallback or a blank canvas)
      await page.waitForFunction(
        () => (window as unknown as HookWindow).__allclearMap!.map.loaded(),
        undefined,
        {
          timeout: 30_000,
        },
      );
      expect(await page.getByText('Your map data got lost').count()).toBe(0);
      const canvas = await page.evaluate(() => {
        const c = (window as unknown as HookWindow).__allclearMap!.map.getCanvas();
        return { width: c.width, height: c.height };
      });
      expect(canvas.width).toBeGreaterThan(0);
      expect(canvas.height).toBeGreaterThan(0);
      await screenshot(page, `live-radar-all-layers-${base === 'Radar' ? 'radar' : 'roads'}-1440x900`);
    }
    expect(unexpectedConsoleErrors(context)).toEqual([]);
    // back to the page's default layers
    await layers.getByRole('checkbox', { name: 'Radar', exact: true }).click();
    for (const [label] of all.filter(([l]) => l !== 'Lightning'))
      await layers.getByRole('checkbox', { name: label, exact: true }).click();
    await page.getByRole('button', { name: 'Layers' }).click();
    expect((await storeState(page)).overlays.sort()).toEqual(['lightning', 'radar']);
    await waitForRadar(page);
  });

  it('the journeys catch a console error and an unhandled rejection (the check can fail)', async () => {
    const probe = await browser.newContext({ baseURL: baseUrl() });
    try {
      watchConsoleErrors(probe);
      const p = await probe.newPage();
      await p.goto('/healthz').catch(() => undefined);
      await p.evaluate(
        `(() => { console.error('probe: a console error'); Promise.reject(new Error('probe: a rejection')); })()`,
      );
      await p.waitForTimeout(300);
      const seen = unexpectedConsoleErrors(probe);
      expect(seen.some((l) => l.includes('probe: a console error'))).toBe(true);
      expect(seen.some((l) => l.includes('probe: a rejection'))).toBe(true);
      // an allow-list entry takes a line away; one without a reason is refused
      expect(
        unexpectedConsoleErrors(probe, [{ pattern: /probe: a/, reason: 'planted by this test' }]),
      ).toEqual([]);
      expect(() => unexpectedConsoleErrors(probe, [{ pattern: /probe/, reason: ' ' }])).toThrow(/no reason/);
    } finally {
      await probe.close();
    }
  });

  it('play advances the frames and wraps from the latest to the first', async () => {
    await page.getByRole('button', { name: 'Options' }).click();
    await page
      .getByRole('region', { name: 'Options' })
      .getByRole('radio', { name: 'Fast', exact: true })
      .click();
    await page.getByRole('button', { name: 'Options' }).click();
    const before = await radarSample(page);
    expect(before.visibleFrame).toBe(before.frameLayers - 1);
    await page.getByRole('button', { name: 'Play' }).click();
    const seen: number[] = [];
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline && !(seen.includes(0) && seen.includes(1) && seen.includes(2))) {
      const s = await radarSample(page);
      if (seen[seen.length - 1] !== s.visibleFrame) seen.push(s.visibleFrame);
      await page.waitForTimeout(50);
    }
    // Latest → wraps to the first → steps on.
    const wrap = seen.indexOf(0);
    expect(wrap).toBeGreaterThanOrEqual(0);
    expect(seen.slice(wrap, wrap + 3)).toEqual([0, 1, 2]);
    expect((await storeState(page)).playback).toBe('PLAY');
  });

  it('a pan during play returns to STATIC', async () => {
    expect((await storeState(page)).playback).toBe('PLAY');
    const box = await mapBox(page);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 120, y + 60, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(
      () => (window as unknown as HookWindow).__allclearMap!.store.getState().playback === 'STATIC',
    );
    await page.getByRole('button', { name: 'Play' }).waitFor();
  });

  it('the measure tool reports miles for a known segment within 0.5 %', async () => {
    await page.getByRole('button', { name: 'Measure distance' }).click();
    const box = await mapBox(page);
    const a: [number, number] = [box.width * 0.3, box.height * 0.5];
    const b: [number, number] = [box.width * 0.3 + 300, box.height * 0.5 + 120];
    const [pa, pb] = await page.evaluate(
      ([p, q]) => {
        const map = (window as unknown as HookWindow).__allclearMap!.map;
        return [map.unproject(p), map.unproject(q)];
      },
      [a, b] as const,
    );
    await page.mouse.click(box.x + a[0], box.y + a[1]);
    await page.mouse.click(box.x + b[0], box.y + b[1]);
    const text = await page.getByRole('status', { name: 'Measured distance' }).innerText();
    const shown = Number(/([\d.]+) mi/.exec(text)?.[1]);
    const expected = greatCircleMiles(
      { latitude: pa!.lat, longitude: pa!.lng },
      { latitude: pb!.lat, longitude: pb!.lng },
    );
    expect(expected).toBeGreaterThan(10);
    expect(Math.abs(shown - expected) / expected).toBeLessThan(0.005);
    await page.getByRole('button', { name: 'Measure distance' }).click();
  });

  it('a location outside the coverage box offers only the past option', async () => {
    await page.getByRole('button', { name: 'Past' }).click();
    const inside = page.getByRole('region', { name: 'Past' });
    expect(await inside.getByRole('radio').count()).toBe(3);
    await page.getByRole('button', { name: 'Past' }).click();
    // With no location selected the map centre is the point judged: move it to Honolulu.
    await page.evaluate(() =>
      (window as unknown as HookWindow).__allclearMap!.map.jumpTo({ center: [-157.86, 21.31], zoom: 7 }),
    );
    await page.waitForTimeout(300);
    await page.getByRole('button', { name: 'Past' }).click();
    const outside = page.getByRole('region', { name: 'Past' });
    expect(await outside.getByRole('radio').count()).toBe(1);
    expect(await outside.getByRole('radio', { name: 'Past' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Past' }).click();
  });

  it('screenshots at 390×844 with the tools in the right-hand stack', async () => {
    const phone = await openContext({ width: 390, height: 844 });
    const p = await phone.newPage();
    await signIn(p, 'admin@demo.allclear.test');
    await p.goto('/LiveRadar');
    await waitForRadar(p);
    expect(await p.getByRole('toolbar', { name: 'Map tools' }).getAttribute('aria-orientation')).toBe(
      'vertical',
    );
    await screenshot(p, 'live-radar-390x844');
    await phone.close();
  });

  it('the offline base map names its cities: Dallas is a rendered label at zoom 8, above the radar', async () => {
    await page.evaluate(() =>
      (window as unknown as HookWindow).__allclearMap!.map.jumpTo({ center: [-96.8, 32.78], zoom: 8 }),
    );
    // Glyphs are drawn in the browser (no glyphs URL in the style), so a rendered label proves the whole path.
    await page.waitForFunction(
      () => {
        const map = (window as unknown as HookWindow).__allclearMap!.map as unknown as {
          queryRenderedFeatures(o: { layers: string[] }): { properties: { name?: string } }[];
        };
        return map
          .queryRenderedFeatures({ layers: ['place-labels'] })
          .some((f) => f.properties.name === 'Dallas');
      },
      undefined,
      { timeout: 30_000 },
    );
    const order = await page.evaluate(() =>
      (window as unknown as HookWindow).__allclearMap!.map.getStyle().layers.map((l) => l.id),
    );
    const lastRadar = Math.max(...order.map((id, i) => (id.startsWith('allclear-radar-') ? i : -1)));
    expect(lastRadar).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('place-labels')).toBeGreaterThan(lastRadar);
    await screenshot(page, 'live-radar-labels-1440x900');
    expect(pageErrors).toEqual([]);
  });
});

describe('[SUPER ADMIN][BROADCAST] Broadcast View', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await openContext();
    page = await context.newPage();
    await signIn(page, 'super@demo.allclear.test');
    await page.goto('/Broadcast');
    await page.getByRole('heading', { name: 'Broadcast View' }).waitFor();
    await waitForRadar(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('Space toggles play/pause and the arrow keys step the timeline by 5 %', async () => {
    expect((await storeState(page)).speed).toBe('veryFast');
    expect(await page.getByRole('button', { name: 'Options' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Broadcast View' }).click();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play' }).waitFor();
    const slider = page.getByRole('slider', { name: 'Radar timeline' });
    const start = Number(await slider.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowLeft');
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(Math.max(0, start - 5), 6);
    await page.keyboard.press('ArrowRight');
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(
      Math.min(100, Math.max(0, start - 5) + 5),
      6,
    );
    expect((await storeState(page)).playback).toBe('SCRUB');
  });

  it('at very fast speed a 13-frame loop never shows a blank radar layer after the first loop', async () => {
    const frames = (await radarSample(page)).frameLayers;
    expect(frames).toBe(13);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    // Sampled on every animation frame: the first loop may wait for images; after it, every sample has a loaded
    // frame on screen.
    const result = await page.evaluate(
      () =>
        new Promise<{ samples: number; blanks: number; distinct: number; firstLoopFrames: number }>(
          (resolve) => {
            const hook = (window as unknown as HookWindow).__allclearMap!;
            const firstLoop = new Set<number>();
            let inFirstLoop = true;
            let firstLoopFrames = 0;
            let samples = 0;
            let blanks = 0;
            const distinct = new Set<number>();
            let stopAt = 0;
            const tick = (now: number) => {
              const s = hook.radarSample();
              if (inFirstLoop) {
                firstLoopFrames += 1;
                if (s.visibleLoaded) firstLoop.add(s.visibleFrame);
                if (firstLoop.size === s.frameLayers) {
                  inFirstLoop = false;
                  stopAt = now + 6_000;
                }
              } else {
                samples += 1;
                if (s.visibleFrame < 0 || !s.visibleLoaded) blanks += 1;
                distinct.add(s.visibleFrame);
                if (now >= stopAt) {
                  resolve({ samples, blanks, distinct: distinct.size, firstLoopFrames });
                  return;
                }
              }
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          },
        ),
    );
    // Swiftshader on a shared 2-core machine paints a few frames a second: enough samples to cover the loop.
    console.log('radar loop samples', result);
    expect(result.samples).toBeGreaterThanOrEqual(20);
    expect(result.blanks).toBe(0);
    expect(result.distinct).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Space');
  });
});
