// [ADMIN][LOCATIONS]: add a location by typing a town and picking a suggestion, with three zones and a
// 40-minute all-clear; see it on the home screen; edit it; delete it after confirming. A type-1
// location cannot be renamed or deleted, and the organisation's LR policies lock zones and timer. Placing a new
// location on the modal's map (click, drag, typed coordinates, live ring labels, Satellite) at 1440×900 and 390×844.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { POLICY_LOCK_NOTICE } from '@allclear/domain';
import { launchBrowser, newContext, newMapContext, screenshot, signIn } from '../support/browser.ts';
import { apiGet } from '../support/app.ts';
import { textLayoutProblems } from '../support/layout.ts';

interface SavedLocation {
  id: number;
  label: string;
  locationName: string;
  radius1: number;
  radius2: number;
  radius3: number;
  allClearMinutes: number;
  type: number;
}

/** The location form's map, exposed by the app under `__ALLCLEAR_TEST_HOOKS__` (map-test-hook.ts). */
interface PositionMapWindow {
  __allclearPositionMap?: { loaded(): boolean; getStyle(): { metadata?: Record<string, unknown> } };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LABEL = 'E2E Norman Field';
const RENAMED = 'E2E Norman Practice Field';

/** The home screen is ready when its 'Add location' action shows (header, or the empty state). */
async function homeReady(page: Page) {
  await page.getByRole('button', { name: 'Add location' }).first().waitFor();
}

/** Selects a location on the home screen (?location=id) and opens its editor from the selected-location panel. */
async function openEditor(page: Page, id: number, label: string) {
  await page.goto(`/?location=${id}`);
  const panel = page.getByRole('region', { name: 'Selected location' });
  await panel.getByText(label).first().waitFor();
  await panel.getByRole('button', { name: 'Edit Location' }).click();
  const modal = page.getByRole('dialog', { name: `Editing "${label}"` });
  await modal.waitFor();
  return modal;
}

describe('[ADMIN][LOCATIONS] add, edit and delete a location', () => {
  it('adds a location from a typed town with three zones and a 40-minute all-clear, edits it and deletes it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // this customer has no lightning policies, so zones and timer are free to set
    await signIn(page, 'admin@other.allclear.test');
    await homeReady(page);

    await page.getByRole('button', { name: 'Add location' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Add Location' });
    await modal.waitFor();
    await modal.getByRole('textbox', { name: 'Name' }).fill(LABEL);
    await modal.getByRole('combobox', { name: 'Address' }).pressSequentially('Norman', { delay: 40 });
    const suggestion = page.getByRole('option', { name: 'Norman, OK' });
    await suggestion.waitFor();
    expect(await page.getByRole('option').count()).toBe(3);
    await suggestion.click();
    await expect.poll(() => modal.getByRole('combobox', { name: 'Address' }).inputValue()).toBe('Norman, OK');
    // a pick may bring the server's add warning; acknowledge it when it does
    const understand = page.getByRole('button', { name: 'I Understand' });
    if (await understand.isVisible().catch(() => false)) await understand.click();

    await modal.getByRole('switch', { name: 'Enable zone 2' }).check();
    await modal.getByRole('switch', { name: 'Enable zone 3' }).check();
    const allClear = modal.getByRole('slider', { name: /All-clear timer/ });
    await allClear.focus();
    await allClear.press('ArrowRight');
    await expect.poll(() => modal.getByText('All-clear timer: 40 minutes').count()).toBe(1);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });

    // listed on the home screen
    await page.getByRole('heading', { name: LABEL }).first().waitFor();
    const saved = (await apiGet<SavedLocation[]>(page, '/api/location')).data!.find(
      (l) => l.label === LABEL,
    )!;
    expect(saved).toMatchObject({
      locationName: 'Norman, OK',
      radius1: 10,
      radius2: 11,
      radius3: 12,
      allClearMinutes: 40,
    });
    await screenshot(page, 'locations-added');

    // in the card strip (which lists the locations other than the selected one) ...
    const other = (await apiGet<SavedLocation[]>(page, '/api/location')).data!.find(
      (l) => l.id !== saved.id,
    )!;
    await page.goto(`/?location=${other.id}`);
    const strip = page.getByRole('list', { name: 'Your locations' });
    await strip.getByRole('listitem', { name: LABEL }).waitFor();
    // ... and, selected, on the map with its three rings labelled with their radii
    await page.goto(`/?location=${saved.id}`);
    const map = page.getByRole('region', { name: 'Map' });
    await expect
      .poll(async () => (await map.getByTestId('ring-label').allInnerTexts()).map((t) => t.trim()).sort(), {
        timeout: 30_000,
      })
      .toEqual(['10 mi', '11 mi', '12 mi']);

    const edit = await openEditor(page, saved.id, LABEL);
    expect(await edit.getByRole('combobox', { name: 'Address' }).isDisabled()).toBe(true);
    await edit.getByRole('textbox', { name: 'Name' }).fill(RENAMED);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: RENAMED }).first().waitFor();
    expect(
      (await apiGet<SavedLocation[]>(page, '/api/location')).data!.find((l) => l.id === saved.id)?.label,
    ).toBe(RENAMED);

    const again = await openEditor(page, saved.id, RENAMED);
    await again.getByRole('button', { name: 'Delete Location' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Location' });
    await confirm
      .getByText(`Are you sure you want to remove ${RENAMED}? This action cannot be undone.`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await again.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: RENAMED }).first().waitFor({ state: 'detached' });
    const after = (await apiGet<SavedLocation[]>(page, '/api/location')).data!;
    expect(after.some((l) => l.id === saved.id)).toBe(false);
    await context.close();
  });

  it.each([
    ['locations-map-pick-1440x900', { width: 1440, height: 900 }],
    ['locations-map-pick-390x844', { width: 390, height: 844 }],
  ] as const)(
    'places a new location on the map (%s): a click moves the pin and the fields, the pin drags, typed coordinates move it, a slider relabels its ring',
    async (name, viewport) => {
      const context = await newMapContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'admin@other.allclear.test');
      await homeReady(page);
      await page.getByRole('button', { name: 'Add location' }).first().click();
      const modal = page.getByRole('dialog', { name: 'Add Location' });
      await modal.waitFor();
      const map = modal.getByRole('region', { name: 'Map position' });
      const pin = map.getByTestId('position-pin');
      // the pin shows once MapLibre (its own chunk) has started
      await pin.waitFor({ timeout: 30_000 });
      const latitude = modal.getByRole('spinbutton', { name: 'Latitude' });
      const longitude = modal.getByRole('spinbutton', { name: 'Longitude' });
      const ringLabels = async () =>
        (await map.getByTestId('position-ring-label').allInnerTexts()).map((t) => t.trim());
      expect([await latitude.inputValue(), await longitude.inputValue()]).toEqual(['32.7767', '-96.797']);
      await expect.poll(ringLabels, { timeout: 15_000 }).toEqual(['10 mi']);

      // a click on the map, away from the pin and the map's buttons: the fields take that point, the pin goes there
      await map.scrollIntoViewIfNeeded();
      const box = (await map.boundingBox())!;
      const at = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.75 };
      await page.mouse.click(at.x, at.y);
      await expect.poll(() => latitude.inputValue()).not.toBe('32.7767');
      const clicked = { lat: Number(await latitude.inputValue()), lng: Number(await longitude.inputValue()) };
      // south-west of the centre it opened on
      expect(clicked.lat).toBeLessThan(32.7767);
      expect(clicked.lng).toBeLessThan(-96.797);
      const tip = async () => {
        const b = (await pin.boundingBox())!;
        return { x: b.x + b.width / 2, y: b.y + b.height };
      };
      await expect
        .poll(async () => Math.hypot((await tip()).x - at.x, (await tip()).y - at.y))
        .toBeLessThan(8);

      // the pin drags, and the fields follow
      const from = await tip();
      await page.mouse.move(from.x, from.y - 12);
      await page.mouse.down();
      await page.mouse.move(from.x + 20, from.y - 32, { steps: 5 });
      await page.mouse.move(from.x + 40, from.y - 52, { steps: 5 });
      await page.mouse.up();
      await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(clicked.lat);
      expect(Number(await longitude.inputValue())).toBeGreaterThan(clicked.lng);

      // typed coordinates move the pin (north is up)
      const before = await tip();
      await latitude.fill((Number(await latitude.inputValue()) + 0.05).toFixed(6));
      await expect.poll(async () => (await tip()).y).toBeLessThan(before.y - 3);

      // a zone slider redraws its ring with the new distance
      const zone1 = modal.getByRole('slider', { name: 'Zone 1 radius' });
      await zone1.focus();
      await zone1.press('ArrowRight');
      await zone1.press('ArrowRight');
      await expect.poll(ringLabels).toEqual(['12 mi']);
      await modal.getByRole('switch', { name: 'Enable zone 2' }).check();
      await expect.poll(ringLabels).toEqual(['12 mi', '13 mi']);

      // the whole modal fits the screen across, and no text of the form is clipped or overlapped (the form alone:
      // its text scrolled under the title or the buttons is hidden by the scroll box, which the check does not know)
      const paper = (await modal.boundingBox())!;
      expect(paper.x).toBeGreaterThanOrEqual(0);
      expect(paper.x + paper.width).toBeLessThanOrEqual(viewport.width);
      expect(
        await page.evaluate(() => {
          const content = document.querySelector('[role="dialog"] .MuiDialogContent-root')!;
          return content.scrollWidth - content.clientWidth;
        }),
      ).toBeLessThanOrEqual(0);
      expect(await textLayoutProblems(page, '[role="dialog"] .MuiDialogContent-root')).toEqual([]);
      // the base map and the rings drawn before the picture, the form scrolled to 'Map position'
      await modal
        .getByText('Map position', { exact: true })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await expect
        .poll(
          () =>
            page.evaluate(
              () => (window as unknown as PositionMapWindow).__allclearPositionMap?.loaded() === true,
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
      await screenshot(page, name);

      // the base-map switch of the other maps: Satellite
      await map.getByRole('button', { name: 'Base Map' }).click();
      await map.getByRole('radio', { name: 'Satellite' }).check();
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const m = (window as unknown as PositionMapWindow).__allclearPositionMap;
              return m?.getStyle().metadata?.['allclear:simulated'] === true && m.loaded();
            }),
          { timeout: 30_000 },
        )
        .toBe(true);
      await screenshot(page, `${name}-satellite`);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await modal.waitFor({ state: 'hidden' });
      await context.close();
    },
  );

  it('keeps a type-1 location from being renamed or deleted, and shows the policy lock', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@demo.allclear.test');
    await homeReady(page);
    const locked = (await apiGet<SavedLocation[]>(page, '/api/location')).data!.find((l) => l.type === 1)!;
    const modal = await openEditor(page, locked.id, locked.label);
    expect(await modal.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Delete Location' }).isDisabled()).toBe(true);
    // the demo organisation has LR1..LR4 policies: zones and timer are locked
    await modal.getByText(POLICY_LOCK_NOTICE).waitFor();
    expect(await modal.getByRole('slider', { name: 'Zone 1 radius' }).isDisabled()).toBe(true);
    await screenshot(page, 'locations-type-1');
    await context.close();
  });
});
