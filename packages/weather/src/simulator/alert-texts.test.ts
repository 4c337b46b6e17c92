// The simulator's NWS-style alerts read their times in the local zone with the zone named, as the NWS
// writes them (issue 12 'Texts in UTC').
import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.ts';

const MINUTE = 60_000;
const ARLINGTON = { latitude: 32.7473, longitude: -97.0945 };
const HONOLULU = { latitude: 21.3069, longitude: -157.8583 };

/** 'h:mm AM' of an instant at a fixed UTC offset in hours (independent of Intl). */
function clock(at: Date, offsetHours: number): string {
  const local = new Date(at.getTime() + offsetHours * 3_600_000);
  const h = local.getUTCHours();
  return `${h % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

async function spawnedWarning(place: { latitude: number; longitude: number }, start: Date) {
  const sim = createSimulator({ seed: 5, startTime: start, focusPoints: [place] });
  const storm = sim.spawnStorm({ ...place, headingDeg: 90, speedMs: 15, lifetimeMinutes: 60 }, start);
  const alerts = await sim.alerts.activeAlerts(new Date(start.getTime() + 30 * MINUTE));
  const warning = alerts.find((a) => a.id === `sim-svr-${storm.id}`);
  expect(warning, 'the spawned storm is warned').toBeDefined();
  return warning!;
}

describe('simulated alert texts', () => {
  it('a severe thunderstorm warning at AT&T Stadium reads CDT (UTC-5 in July)', async () => {
    const w = await spawnedWarning(ARLINGTON, new Date('2026-07-01T17:30:00Z'));
    expect(w.headline).toBe(
      `Severe Thunderstorm Warning until ${clock(w.expires, -5)} CDT by AllClear Simulator`,
    );
    expect(w.description).toMatch(
      new RegExp(`^At ${clock(w.onset, -5)} CDT, a severe thunderstorm was moving`),
    );
    expect(`${w.headline} ${w.description}`).not.toContain('UTC');
  });

  it('a severe thunderstorm warning in Honolulu reads HST (UTC-10)', async () => {
    const w = await spawnedWarning(HONOLULU, new Date('2026-03-01T15:00:00Z'));
    expect(w.headline).toBe(
      `Severe Thunderstorm Warning until ${clock(w.expires, -10)} HST by AllClear Simulator`,
    );
    expect(w.description).toMatch(new RegExp(`^At ${clock(w.onset, -10)} HST,`));
  });

  it('a heat advisory names its hours in the local zone, not as local solar hours', async () => {
    // seed 5 has a Heat Advisory in Arlington on 2026-08-10
    const at = new Date('2026-08-10T20:00:00Z');
    const sim = createSimulator({ seed: 5, startTime: at, focusPoints: [ARLINGTON] });
    const heat = (await sim.alerts.activeAlerts(at)).find((a) => a.kind === 'heat');
    expect(heat).toBeDefined();
    expect(heat!.headline).toBe(
      `${heat!.event} from ${clock(heat!.onset, -5)} CDT to ${clock(heat!.expires, -5)} CDT by AllClear Simulator`,
    );
  });
});
