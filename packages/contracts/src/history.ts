// Station history and reports (spec 03 §2.4, §2.5, §3 'Station weather', 'History rows', 'Station', 'Report
// request', 'Observations and their metrics', §5, §7 'Reports', 'Historical export', 'Station queries', §9; issue 17).
// Temperatures °F, wind mph, rain and ET inches, as the station page shows them; reports follow UnitType.
import { z } from 'zod';
import {
  DATA_INTERVALS,
  EXPORT_OBSERVATIONS,
  type ExportMetric,
  type ExportObservation,
} from '@allclear/domain';

const ZYmd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected HH:mm:ss');

/** The station page's station (spec 03 §3 'Station', 'Station weather (read)'), and what the caller may do there. */
export const ZHistoricalStation = z.object({
  id: z.number().int(),
  name: z.string(),
  customerId: z.number().int(),
  hardwareId: z.number().int().nullable(),
  modelId: z.string().nullable(),
  /** 3 is a newer model (spec 03 §3): precipitation below 24 hours. */
  webRelayType: z.number().int().nullable(),
  /** Each with its displayName; 'Evapotranspiration' shows the ET section (spec 03 §2.4). */
  features: z.array(z.object({ displayName: z.string() })),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The unit's IANA zone: the local days of the daily rows. */
  timeZone: z.string(),
  /** The sky image (a signed URL valid one hour), null without a camera. */
  imageUrl: z.string().nullable(),
  /** When the sky image last changed, ISO 8601 UTC. */
  imageUpdated: z.iso.datetime().nullable(),
  /** Current conditions (spec 03 §3 'Station weather'): °F, mph, in; null before the first reading. */
  weather: z
    .object({
      locationName: z.string(),
      lastUpdated: z.iso.datetime(),
      hardwareId: z.number().int().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      ambientTemperature: z.number().nullable(),
      heatIndex: z.number().nullable(),
      windChill: z.number().nullable(),
      windSpeed: z.number().nullable(),
      /** 8 compass points (spec 03 §9). */
      windDirection: z.string().nullable(),
      rainToday: z.number().nullable(),
      wetBulbGlobalTemp: z.number().nullable(),
      calibratedData: z.object({
        rainToday: z.number().nullable(),
        rainUpdatedTime: z.iso.datetime().nullable(),
      }),
    })
    .nullable(),
  /** The caller is signed in (Back), else an anonymous visitor ('Powered by'). */
  signedIn: z.boolean(),
  /** The historical-report permission: the Export Data modal; otherwise the simple export (spec 03 §2.4). */
  canGenerateReport: z.boolean(),
});
export type THistoricalStation = z.infer<typeof ZHistoricalStation>;

/** One history row (spec 03 §3 'History rows'): a local day ('YYYY-MM-DD') or a UTC hour (ISO 8601); °F, mph, in. */
export const ZStationHistoryRow = z.object({
  date: z.string(),
  minAmbientTemperature: z.number().nullable(),
  avgAmbientTemperature: z.number().nullable(),
  maxAmbientTemperature: z.number().nullable(),
  maxWindSpeed: z.number().nullable(),
  maxWindGust: z.number().nullable(),
  rainTotal: z.number().nullable(),
  maxRain1Hr: z.number().nullable(),
});
export type TStationHistoryRow = z.infer<typeof ZStationHistoryRow>;

/** `Observations/Historical/{Day|Week|Month|Custom}/{id}`: hourly rows for a day (or a custom range of 3 days or less), daily rows otherwise. */
export const ZStationHistory = z.object({
  interval: z.enum(['Hourly', 'Daily']),
  timeZone: z.string(),
  rows: z.array(ZStationHistoryRow),
});
export type TStationHistory = z.infer<typeof ZStationHistory>;

/** One day's reference ET (spec 03 §3 'Evapotranspiration'): inches, 3 decimals. */
export const ZEvapotranspirationRow = z.object({ value: z.number(), date: ZYmd, timeZone: z.string() });
export type TEvapotranspirationRow = z.infer<typeof ZEvapotranspirationRow>;

/** `?days=3|7`, or `?startDate&endDate` (YYYY-MM-DD, at most 14 days) of `Observations/Evapotranspiration/{id}`. */
export const ZEvapotranspirationQuery = z
  .object({
    days: z.enum(['3', '7']).optional(),
    startDate: ZYmd.optional(),
    endDate: ZYmd.optional(),
  })
  .refine((q) => q.days !== undefined || (q.startDate !== undefined && q.endDate !== undefined), {
    message: 'days, or startDate and endDate',
    path: ['days'],
  });

/** The ET section: the days asked for, and the 24-hour, 3-day and 7-day totals (inches) of the last full days. */
export const ZEvapotranspiration = z.object({
  rows: z.array(ZEvapotranspirationRow),
  totals: z.object({
    last24Hours: z.number().nullable(),
    last3Days: z.number().nullable(),
    last7Days: z.number().nullable(),
  }),
});
export type TEvapotranspiration = z.infer<typeof ZEvapotranspiration>;

/** One condition snapshot: a station reading (°F, mph, in) with its weather, and the strikes within 10 miles in the hour before it. */
export const ZConditionSnapshot = z.object({
  time: z.iso.datetime(),
  ambientTemperature: z.number(),
  relativeHumidity: z.number(),
  windSpeed: z.number(),
  windGust: z.number(),
  windDirection: z.string().nullable(),
  rainLastHour: z.number(),
  weatherCode: z.string().nullable(),
  weather: z.string().nullable(),
  strikesWithin10Miles: z.number().int(),
});
export type TConditionSnapshot = z.infer<typeof ZConditionSnapshot>;

/** `?startDate&endDate` of the simple exports and the snapshots: ISO dates (spec 03 §7 'Historical export'). */
const ZIsoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'expected an ISO 8601 date');
/** A date ('YYYY-MM-DD') is that local date of the station; a date and time, the local date it falls on. */
export const ZExportRangeQuery = z.object({ startDate: ZIsoDate, endDate: ZIsoDate });

/** The simple export's interval in its path: Daily or Hourly; anything else is refused with the spec's text. */
export const ZExportParams = z
  .object({ interval: z.string(), id: z.coerce.number().int().positive() })
  .strict();

/** Metric kinds (spec 03 §3): Maximum, Minimum, Average, Accumulation. */
export const ZExportMetric = z.enum(['max', 'min', 'avg', 'sum']) satisfies z.ZodType<ExportMetric>;
export const ZExportObservation = z.enum(EXPORT_OBSERVATIONS) satisfies z.ZodType<ExportObservation>;

/** POST reports/generate (spec 03 §3 'Report request'). */
export const ZReportRequest = z.strictObject({
  Requestor: z.string().max(254).optional(),
  Name: z.string().trim().min(1, 'Enter a report name.').max(200),
  /** Users of the caller's customer who get the report too (ids). */
  Recipients: z.array(z.string().max(100)).max(200).default([]),
  ReportTypes: z.array(z.string().max(100)).max(20).optional(),
  /** csv and/or xlsx; both when absent. */
  FileFormats: z.array(z.enum(['csv', 'xlsx', 'CSV', 'XLSX'])).optional(),
  UnitType: z.enum(['imperial', 'metric']).default('imperial'),
  /** Minutes: 15, 30, 60 or 1440 (spec 03 §9). */
  DataInterval: z
    .number()
    .int()
    .refine((v) => DATA_INTERVALS.some((i) => i.minutes === v), 'Choose a data interval.'),
  Filters: z.strictObject({
    HardwareIds: z.array(z.number().int().positive()).min(1, 'Choose a weather station.').max(100),
    ObservationTypes: z
      .partialRecord(ZExportObservation, z.array(ZExportMetric))
      .refine((o) => Object.keys(o).length > 0, 'Choose an observation.'),
    TimeFilter: z.strictObject({
      StartDate: ZYmd,
      EndDate: ZYmd,
      StartTimeOfDay: ZTimeOfDay.nullable().default(null),
      EndTimeOfDay: ZTimeOfDay.nullable().default(null),
      DaysOfWeek: z.array(z.number().int().min(0).max(6)).max(7).nullable().default(null),
    }),
  }),
});
export type TReportRequest = z.input<typeof ZReportRequest>;

/** A report job as the builder follows it: queued → running (progress %) → done | failed (why; may be retried). */
export const ZReportJob = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  rows: z.number().int().nullable(),
  /** How the files went out: attached (up to 5 MB) or as a download link valid 7 days. */
  delivery: z.enum(['attachment', 'link']).nullable(),
  /** The e-mail addresses the report goes to: the requester's first. */
  recipients: z.array(z.string()),
  files: z.array(z.object({ format: z.string(), fileName: z.string(), sizeBytes: z.number() })),
  created: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TReportJob = z.infer<typeof ZReportJob>;

export const ZReportIdParam = z.object({ id: z.uuid() }).strict();
export const ZReportFileParam = z.object({ fileId: z.uuid() }).strict();

/** The Export Data modal's choices: the customer's stations (no OWS, spec 03 §2.5) and the recipients it may add. */
export const ZReportOptions = z.object({
  stations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      hardwareId: z.number().int().nullable(),
      modelId: z.string().nullable(),
      webRelayType: z.number().int().nullable(),
    }),
  ),
  recipients: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});
export type TReportOptions = z.infer<typeof ZReportOptions>;
