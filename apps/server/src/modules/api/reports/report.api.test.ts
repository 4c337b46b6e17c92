// Reports end to end on the real app, database and job queue (issue 17; spec 03 §2.5, §5, §6, §7 'Reports', §9):
// every interval's range limit and its message, the observation and legacy-precipitation rules, the permission
// (403) and another customer's station or report (404); a report built by the pg-boss worker as CSV and XLSX
// (units in the headers, the chosen metrics only, the time filter applied) handed to the notifier for the
// requester with the recipients in copy, attached up to 5 MB, else as signed links valid 7 days; a failed report
// says why and is retried.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReportJob, ZReportOptions, type TReportRequest } from '@allclear/contracts';
import { PRECIPITATION_LEGACY_MESSAGE, rangeExceededMessage } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildHardware, buildUser, buildWeatherStation } from '../../../db/factories.ts';
import { users } from '../../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { ReadingsRepository } from '../../../engine/observations/readings.repository.ts';
import { simulatedStationHistory } from '../../../engine/observations/station-history-backfill.ts';
import { reportAttachments } from '../../../engine/reports/report-files.ts';
import { createReportWorker, type ReportWorker } from '../../../engine/reports/report-worker.ts';

let t: TestApp;
let worker: ReportWorker;
let smallWorker: ReportWorker;
let reporter: { id: string; email: string | null };
let colleague: { id: string; email: string | null };
let newHardwareId: number;
let legacyHardwareId: number;
const NOW = '2026-07-15T17:07:00Z';
const PASSWORD = 'Test-password-1';
const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const readings = new ReadingsRepository(t.db.db);
  const place = { latitude: 32.7473, longitude: -97.0945, timeZone: 'America/Chicago' };
  const newer = await buildHardware(t.db.db, {
    customerId: t.a.customer.id,
    modelId: 'OWX',
    webRelayType: 3,
    ...place,
  });
  const legacy = await buildHardware(t.db.db, {
    customerId: t.a.customer.id,
    modelId: 'WXS',
    webRelayType: null,
    ...place,
  });
  newHardwareId = newer.id;
  legacyHardwareId = legacy.id;
  for (const [unit, name] of [
    [newer, 'Stadium OWX Station'],
    [legacy, 'Practice Field Station'],
  ] as const) {
    const station = await buildWeatherStation(t.db.db, {
      customerId: t.a.customer.id,
      hardwareId: unit.id,
      name,
    });
    await readings.insertRollups(
      simulatedStationHistory(1, { id: station.id, ...place, timeZone: 'America/Chicago' }, new Date(NOW)),
    );
  }
  await buildHardware(t.db.db, { customerId: t.a.customer.id, modelId: 'OWS', ...place });
  reporter = await buildUser(t.db.db, {
    customerId: t.a.customer.id,
    permissions: ['historical_report.access'],
    password: PASSWORD,
    email: 'reporter@a.test',
  });
  colleague = await buildUser(t.db.db, { customerId: t.a.customer.id, email: 'colleague@a.test' });
  const ctx = {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: t.app.log,
    enqueueAlert: async (_tx: unknown, event: (typeof t.events)[number]) => {
      t.events.push(event);
    },
  };
  worker = createReportWorker(ctx);
  await worker.start();
  smallWorker = createReportWorker(ctx, { maxAttachmentBytes: 100 });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

function request(
  over: Partial<TReportRequest> & {
    filters?: Partial<TReportRequest['Filters']>;
    time?: Partial<TReportRequest['Filters']['TimeFilter']>;
  } = {},
): TReportRequest {
  const { filters, time, ...rest } = over;
  return {
    Name: 'Stadium OWX Station Report 2026-07-15',
    Recipients: [colleague.id],
    UnitType: 'imperial',
    DataInterval: 1440,
    ...rest,
    Filters: {
      HardwareIds: [newHardwareId],
      ObservationTypes: {
        AmbientTemperature: ['max', 'min'],
        Precipitation: ['sum'],
        Evapotranspiration: ['sum'],
      },
      ...filters,
      TimeFilter: {
        StartDate: '2026-07-01',
        EndDate: '2026-07-14',
        StartTimeOfDay: null,
        EndTimeOfDay: null,
        DaysOfWeek: null,
        ...time,
      },
    },
  };
}

async function generate(body: TReportRequest, userId = reporter.id) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: await auth(userId),
    payload: body,
  });
}

async function job(id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reports/${id}`,
    headers: await auth(reporter.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZReportJob.parse(res.json().data);
}

describe('GET reports/options', () => {
  it("lists the customer's weather stations (no OWS) and its users as recipients", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/options',
      headers: await auth(reporter.id),
    });
    const options = ZReportOptions.parse(res.json().data);
    expect(options.stations.map((s) => s.name).sort()).toEqual([
      'Practice Field Station',
      'Stadium OWX Station',
    ]);
    expect(options.recipients.map((r) => r.email)).toContain('colleague@a.test');
  });

  it('is 403 to a Customer without the historical-report permission', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/options',
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST reports/generate: the rules of spec 03 §5 and §9', () => {
  it.each([
    [15, '2026-07-01', '2026-07-14', '2026-06-30'],
    [30, '2026-06-14', '2026-07-14', '2026-06-13'],
    [60, '2026-04-14', '2026-07-14', '2026-04-13'],
    [1440, '2021-07-16', '2026-07-14', '2021-07-15'],
  ])(
    'the %i-minute interval takes its longest range and refuses a day more with the spec’s message',
    async (minutes, start, end, tooEarly) => {
      const observations = { AmbientTemperature: ['avg' as const] };
      const ok = await generate(
        request({
          DataInterval: minutes,
          filters: { ObservationTypes: observations },
          time: { StartDate: start, EndDate: end },
        }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const over = await generate(
        request({
          DataInterval: minutes,
          filters: { ObservationTypes: observations },
          time: { StartDate: tooEarly, EndDate: end },
        }),
      );
      expect(over.statusCode).toBe(400);
      expect(over.json().responseException.message).toBe(rangeExceededMessage(minutes));
    },
  );

  it('the message reads as the spec writes it', () => {
    expect(rangeExceededMessage(15)).toBe(
      'Your selected date range exceeds the 14-day limit for the 15 min interval. Please adjust your date range to continue.',
    );
  });

  it('Precipitation below 24 hours is refused for a legacy station, with the spec’s message; allowed at 24 hours', async () => {
    const body = (minutes: number) =>
      request({
        DataInterval: minutes,
        filters: { HardwareIds: [legacyHardwareId], ObservationTypes: { Precipitation: ['sum'] } },
      });
    const refused = await generate(body(60));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().responseException.message).toBe(PRECIPITATION_LEGACY_MESSAGE);
    expect((await generate(body(1440))).statusCode).toBe(200);
    const newer = request({ DataInterval: 60, filters: { ObservationTypes: { Precipitation: ['sum'] } } });
    expect((await generate(newer)).statusCode).toBe(200);
  });

  it('Evapotranspiration needs the 24-hour interval: the tooltip’s text', async () => {
    const res = await generate(
      request({ DataInterval: 60, filters: { ObservationTypes: { Evapotranspiration: ['sum'] } } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.message).toBe(
      'This data is only available for a 24 hour data interval.',
    );
  });

  it('needs a name, an observation, a station, an offered metric and no future date', async () => {
    expect((await generate(request({ Name: '  ' }))).statusCode).toBe(400);
    expect((await generate(request({ filters: { ObservationTypes: {} } }))).statusCode).toBe(400);
    expect((await generate(request({ filters: { HardwareIds: [] } }))).statusCode).toBe(400);
    expect(
      (await generate(request({ filters: { ObservationTypes: { WindGust: ['min'] } } }))).statusCode,
    ).toBe(400);
    expect((await generate(request({ time: { EndDate: '2026-07-16' } }))).statusCode).toBe(400);
    expect((await generate(request({ DataInterval: 45 }))).statusCode).toBe(400);
  });

  it("another customer's station, or an OWS, is 404; a Customer without the permission 403", async () => {
    const other = await buildHardware(t.db.db, { customerId: t.b.customer.id, modelId: 'WXS' });
    await buildWeatherStation(t.db.db, { customerId: t.b.customer.id, hardwareId: other.id });
    expect((await generate(request({ filters: { HardwareIds: [other.id] } }))).statusCode).toBe(404);
    expect((await generate(request(), t.a.customerUser.id)).statusCode).toBe(403);
    expect((await generate(request({ Recipients: [t.b.admin.id] }))).statusCode).toBe(404);
  });
});

describe('a report built and e-mailed', () => {
  it('is queued, built as CSV and XLSX with the chosen metrics and units, and handed to the notifier', async () => {
    const res = await generate(
      request({
        DataInterval: 60,
        filters: {
          HardwareIds: [newHardwareId, legacyHardwareId],
          ObservationTypes: { AmbientTemperature: ['max', 'avg'], WindGust: ['max'] },
        },
        time: {
          StartDate: '2026-07-13',
          EndDate: '2026-07-14',
          StartTimeOfDay: '08:00:00',
          EndTimeOfDay: '17:00:00',
          DaysOfWeek: [1],
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const queued = ZReportJob.parse(res.json().data);
    expect(queued.status).toBe('queued');
    expect(queued.recipients).toEqual(['reporter@a.test', 'colleague@a.test']);
    // another customer's user cannot read it
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${queued.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(hidden.statusCode).toBe(404);
    // and a Customer of its customer without the permission is refused
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${queued.id}`,
      headers: await auth(t.a.customerUser.id),
    });
    expect(refused.statusCode).toBe(403);

    await worker.build(queued.id);
    const done = await job(queued.id);
    // Monday 2026-07-13 08:00 … 17:00 local: 10 hours, two stations
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 20, delivery: 'attachment' });
    expect(done.files.map((f) => f.format)).toEqual(['csv', 'xlsx']);

    const event = t.events.find((e) => e.kind === 'report-ready' && e.correlationId === queued.id)!;
    expect(event.details.recipient).toMatchObject({ email: 'reporter@a.test', cc: ['colleague@a.test'] });
    const files = await reportAttachments(t.db.db, queued.id);
    const csv = files
      .find((f) => f.fileName.endsWith('.csv'))!
      .content.toString('utf8')
      .replace(/^\ufeff/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Station,Date and Time (local),Time Zone,Ambient Temperature Maximum (°F),Ambient Temperature Average (°F),Wind Gust Maximum (mph)',
    );
    expect(lines).toHaveLength(21);
    expect(lines[1]).toMatch(
      /^Stadium OWX Station,2026-07-13 08:00,America\/Chicago,\d+(\.\d)?,\d+(\.\d)?,\d+(\.\d)?$/,
    );

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(files.find((f) => f.fileName.endsWith('.xlsx'))!.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Station',
      'Date and Time (local)',
      'Time Zone',
      'Ambient Temperature Maximum (°F)',
      'Ambient Temperature Average (°F)',
      'Wind Gust Maximum (mph)',
    ]);
    expect(sheet.rowCount).toBe(21);
    expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
  });

  it('in metric units, the headers say so', async () => {
    const res = await generate(
      request({
        UnitType: 'metric',
        filters: {
          ObservationTypes: { AmbientTemperature: ['max'], Precipitation: ['sum'], WindSpeed: ['avg'] },
        },
      }),
    );
    const id = ZReportJob.parse(res.json().data).id;
    await worker.build(id);
    const [csv] = await reportAttachments(t.db.db, id);
    expect(csv!.content.toString('utf8')).toContain(
      'Ambient Temperature Maximum (°C),Precipitation Accumulation (mm),Wind Speed Average (km/h)',
    );
  });

  it('over 5 MB goes as signed links valid 7 days, which download the file', async () => {
    const res = await generate(request());
    const id = ZReportJob.parse(res.json().data).id;
    await smallWorker.build(id);
    expect((await job(id)).delivery).toBe('link');
    const event = t.events.find((e) => e.kind === 'report-ready' && e.correlationId === id)!;
    const link = /http:\/\/[^\s]+\/api\/reports\/download\/[^\s]+\.?/.exec(event.body)![0];
    const url = link.replace(/^https?:\/\/[^/]+/, '');
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.replace(/^\ufeff/, '')).toMatch(/^Station,Date,Time Zone,/);
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode,
    ).toBe(404);
    t.clock.set(new Date(Date.parse(NOW) + 7 * 86_400_000 + 1000));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    t.clock.set(NOW);
  });

  it('a report that cannot be built says why, and is built when retried', async () => {
    const res = await generate(request());
    const id = ZReportJob.parse(res.json().data).id;
    await t.db.db.update(users).set({ email: null }).where(eq(users.id, reporter.id));
    await worker.build(id);
    const failed = await job(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The requester has no e-mail address to send the report to.');
    await t.db.db.update(users).set({ email: 'reporter@a.test' }).where(eq(users.id, reporter.id));
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${id}/retry`,
      headers: await auth(reporter.id),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(ZReportJob.parse(retried.json().data).status).toBe('queued');
    await worker.build(id);
    expect((await job(id)).status).toBe('done');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${id}/retry`,
      headers: await auth(reporter.id),
    });
    expect(again.statusCode).toBe(400);
  });
});
