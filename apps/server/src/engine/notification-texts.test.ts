// Every notification template the engines render (e-mail subject and body; SMS and push carry the same
// body), for venues across the US time zones, summer and winter: none reads in UTC or as an ISO timestamp,
// and each names the venue's own zone (issue 12 'Texts in UTC').
import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '@allclear/domain';
import {
  allClearMessage as lightningAllClear,
  delayMessage,
  sirenFaultMessage,
} from './lightning/messages.ts';
import { allClearMessage, nwsMessage, warningMessage, type WarningText } from './policies/messages.ts';
import { demoOutlook, forecastNotice } from './policies/proactive-forecasts.ts';

interface Venue {
  label: string;
  latitude: number;
  longitude: number;
  /** Abbreviation in July and in January. */
  zones: [string, string];
}

const VENUES: Venue[] = [
  { label: 'AT&T Stadium', latitude: 32.7473, longitude: -97.0945, zones: ['CDT', 'CST'] },
  { label: 'Aloha Stadium', latitude: 21.3728, longitude: -157.93, zones: ['HST', 'HST'] },
  { label: 'Dodger Stadium', latitude: 34.0739, longitude: -118.24, zones: ['PDT', 'PST'] },
  { label: 'MetLife Stadium', latitude: 40.8135, longitude: -74.0745, zones: ['EDT', 'EST'] },
  { label: 'Chase Field', latitude: 33.4455, longitude: -112.0667, zones: ['MST', 'MST'] },
  { label: 'Empower Field', latitude: 39.7439, longitude: -105.0201, zones: ['MDT', 'MST'] },
  { label: 'Mulcahy Stadium', latitude: 61.2063, longitude: -149.8891, zones: ['AKDT', 'AKST'] },
];

/** Late-evening instants (the UTC date is already the next day) in July and January. */
const INSTANTS: [Date, 0 | 1][] = [
  [new Date('2026-07-02T03:40:00Z'), 0],
  [new Date('2026-07-01T18:00:00Z'), 0],
  [new Date('2026-01-16T04:10:00Z'), 1],
  [new Date('2026-01-15T18:00:00Z'), 1],
];

const MINUTE = 60_000;
const later = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MINUTE);

/** Every template rendered for one venue at one instant. */
function renderAll(v: Venue, now: Date): { name: string; subject: string; body: string }[] {
  const timeZone = timeZoneAt(v.latitude, v.longitude);
  const policy: WarningText = {
    locationLabel: v.label,
    displayName: 'Heat Index',
    value: 108,
    threshold: 103,
    unit: '°F',
    precision: 0,
    isDesc: false,
    allClearMinutes: 30,
    timeZone,
    allClearAt: later(now, 30),
  };
  const hours = Array.from({ length: 12 }, (_, h) => ({
    time: later(now, h * 60),
    precipitationChancePct: h === 4 ? 60 : 10,
    temperatureC: h === 6 ? 37 : 25,
  }));
  const storm = demoOutlook(v, hours, now)!;
  const heat = demoOutlook(
    v,
    hours.map((h) => ({ ...h, precipitationChancePct: 0 })),
    now,
  )!;
  return [
    {
      name: 'lightning delay',
      ...delayMessage({
        label: v.label,
        distanceMiles: 6,
        zone: 1,
        radiusMiles: 8,
        allClearMinutes: 30,
        allClearAt: later(now, 30),
        timeZone,
      }),
    },
    {
      name: 'lightning all-clear',
      ...lightningAllClear({
        label: v.label,
        zones: [2],
        radiusMiles: 15,
        allClearMinutes: 30,
        lastStrikeDistanceMiles: 12,
        clearedAt: now,
        stillInDelay: [{ zone: 1, allClearAt: later(now, 10) }],
        timeZone,
      }),
    },
    {
      name: 'siren fault',
      ...sirenFaultMessage({
        sirenName: `${v.label} North`,
        kind: 'warning',
        createdAt: now,
        expiresAt: later(now, 1),
        timeZone,
      }),
    },
    { name: 'policy warning', ...warningMessage(policy, false) },
    { name: 'policy re-alert', ...warningMessage(policy, true) },
    { name: 'policy all-clear', ...allClearMessage({ ...policy, allClearAt: now }) },
    {
      name: 'NWS alert',
      ...nwsMessage(
        v.label,
        { event: 'Severe Thunderstorm Warning', headline: 'Radar indicated.', ends: later(now, 45) },
        { timeZone, now },
      ),
    },
    { name: 'storm outlook', ...forecastNotice(v, storm, now) },
    { name: 'heat outlook', ...forecastNotice(v, heat, now) },
  ];
}

describe('rendered notification templates', () => {
  for (const v of VENUES) {
    it(`${v.label}: no template reads UTC; each names ${v.zones.join('/')}`, () => {
      for (const [now, season] of INSTANTS) {
        for (const t of renderAll(v, now)) {
          const text = `${t.subject}\n${t.body}`;
          const where = `${t.name} at ${now.toISOString()}: ${text}`;
          expect(text, where).not.toMatch(/\bUTC\b|\bGMT\b|\bZulu\b/);
          expect(text, where).not.toMatch(/\d{4}-\d\d-\d\d|T\d\d:\d\d/);
          expect(text, where).toMatch(new RegExp(`\\d{1,2}:\\d\\d(:\\d\\d)? [AP]M ${v.zones[season]}\\b`));
        }
      }
    });
  }

  it('the storm outlook for AT&T Stadium at 18:00 UTC reads 1:00 PM CDT', () => {
    const now = new Date('2026-07-01T14:00:00Z');
    const outlook = demoOutlook(
      VENUES[0]!,
      [{ time: new Date('2026-07-01T18:00:00Z'), precipitationChancePct: 60, temperatureC: 25 }],
      now,
    );
    expect(outlook!.headline).toBe('Showers and storms possible near AT&T Stadium from 1:00 PM CDT');
  });
});
