// The report builder (issue 17; spec 03 §2.5, §7 'Reports'): a pg-boss worker on REPORT_QUEUE. A job reads each
// station's rollups of the chosen interval a page at a time, keeps the buckets the time filter keeps, and writes
// the rows as CSV and as an XLSX sheet (exceljs's streaming writer: plain values, no formulas, units in the headers)
// straight into the database in 1 MiB chunks, so neither file is ever held whole. Then, in one transaction, the job
// is marked done and the e-mail to the requester (the recipients in copy) is handed to the notifier: the files
// attached when together they are 5 MB or less, else signed download links valid 7 days. A job that fails says why
// and may be queued again (POST reports/{id}/retry); pg-boss does not retry it by itself.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import PgBoss from 'pg-boss';
import { dataInterval, NotificationType, type ExportMetric, type ExportObservation } from '@allclear/domain';
import type { Bus } from '../../platform/bus.ts';
import { urlSignerFor } from '../../platform/url-signer.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import { handleExecutor, type TrackedExecutor } from '../notifications/job-queue.ts';
import { DEFAULT_STATION_TIME_ZONE, localMidnight, nextDay } from '../observations/readings.ts';
import { csvLine } from './csv-line.ts';
import { keepsBucket, localParts, reportColumns, rowValues, type UnitType } from './report-content.ts';
import { CHUNK_BYTES, REPORT_QUEUE, ReportRepository, type ReportStation } from './report.repository.ts';

/** Files up to this size in all go attached; larger ones as download links (5 MB). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** A download link works this long (7 days). */
export const DOWNLOAD_LINK_SECONDS = 7 * 86_400;
const PAGE_ROWS = 2000;

/** The report request as stored (contracts ZReportRequest, validated by the API). */
export interface StoredReportRequest {
  Name: string;
  Recipients: string[];
  FileFormats?: string[];
  UnitType: UnitType;
  DataInterval: number;
  Filters: {
    HardwareIds: number[];
    ObservationTypes: Partial<Record<ExportObservation, ExportMetric[]>>;
    TimeFilter: {
      StartDate: string;
      EndDate: string;
      StartTimeOfDay?: string | null;
      EndTimeOfDay?: string | null;
      DaysOfWeek?: number[] | null;
    };
  };
}

/** Who a report goes to: the requester, with the recipients in copy. */
export interface ReportAddressees {
  requester: { userId: string; email: string; name: string };
  cc: string[];
}

/** Writes bytes to a report file in chunks of at most 1 MiB, in order. */
class ChunkWriter {
  private parts: Buffer[] = [];
  private pending = 0;
  private seq = 0;
  size = 0;
  constructor(
    private readonly repo: ReportRepository,
    readonly fileId: string,
  ) {}
  async write(bytes: Buffer): Promise<void> {
    this.parts.push(bytes);
    this.pending += bytes.length;
    this.size += bytes.length;
    while (this.pending >= CHUNK_BYTES) {
      const all = Buffer.concat(this.parts);
      await this.repo.appendChunk(this.fileId, this.seq++, all.subarray(0, CHUNK_BYTES));
      const rest = all.subarray(CHUNK_BYTES);
      this.parts = rest.length ? [Buffer.from(rest)] : [];
      this.pending = rest.length;
    }
  }
  async close(): Promise<void> {
    if (this.pending > 0) await this.repo.appendChunk(this.fileId, this.seq++, Buffer.concat(this.parts));
    this.parts = [];
    this.pending = 0;
    await this.repo.setFileSize(this.fileId, this.size);
  }
}

/** A file name of the report's name, safe everywhere. */
function fileNameOf(name: string, ext: string): string {
  return `${
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Report'
  }.${ext}`;
}

export interface ReportWorker extends EngineService {
  /** Builds one report now (the queue's handler; tests call it). */
  build(reportId: string): Promise<void>;
}

/** The report builder: starts its pg-boss worker on REPORT_QUEUE (creating the queue) and builds what comes. */
export function createReportWorker(
  ctx: EngineContext & { bus?: Bus },
  opts: { maxAttachmentBytes?: number } = {},
): ReportWorker {
  const maxAttachment = opts.maxAttachmentBytes ?? MAX_ATTACHMENT_BYTES;
  const repo = new ReportRepository(ctx.db.db);
  let boss: PgBoss | null = null;
  /** The statements pg-boss runs (stop() waits for the last ones: job-queue.ts TrackedExecutor); one per start. */
  let executor: TrackedExecutor | null = null;

  async function build(reportId: string): Promise<void> {
    const now = ctx.clock.now();
    if (!(await repo.start(reportId, now))) return;
    const job = (await repo.job(reportId))!;
    try {
      const request = job.request as StoredReportRequest;
      const stations = await repo.stationsOnHardware(request.Filters.HardwareIds);
      if (stations.length === 0)
        throw new ReportError('None of the chosen weather stations exists any more.');
      const addressees = await addresseesOf(job.requestedBy, request.Recipients);
      await repo.deleteFiles(reportId);
      const rows = await writeFiles(reportId, request, stations);
      const files = await repo.files(reportId);
      const total = files.reduce((a, f) => a + f.sizeBytes, 0);
      const delivery = total <= maxAttachment ? 'attachment' : 'link';
      const signer = await urlSignerFor(ctx.db.db);
      const links = files.map((f) => ({
        fileName: f.fileName,
        url: `${ctx.config.server.publicUrl}${signer.sign(`/api/reports/download/${f.id}`, now.getTime(), DOWNLOAD_LINK_SECONDS)}`,
      }));
      const finishedAt = ctx.clock.now();
      await ctx.db.db.transaction(async (tx) => {
        await repo.finish(tx, reportId, rows, delivery, finishedAt);
        await ctx.enqueueAlert(tx, {
          id: crypto.randomUUID(),
          kind: 'report-ready',
          notificationType: NotificationType.Other,
          customerId: job.customerId,
          locationId: null,
          correlationId: reportId,
          occurredAt: finishedAt,
          subject: `Your report "${job.name}" is ready`,
          body: reportEmailBody(job.name, request, stations, rows, delivery, links),
          details: {
            reportId,
            delivery,
            recipient: {
              key: `user:${addressees.requester.userId}`,
              email: addressees.requester.email,
              name: addressees.requester.name,
              userId: addressees.requester.userId,
              notificationUserId: null,
              ...(addressees.cc.length > 0 ? { cc: addressees.cc } : {}),
            },
          },
        });
      });
      ctx.log.info({ reportId, rows, delivery, bytes: total }, 'report built and handed to the notifier');
    } catch (err) {
      const message =
        err instanceof ReportError
          ? err.message
          : `The report could not be built (${(err as Error).message}). Try again; if it fails again, contact support.`;
      ctx.log.warn({ err, reportId }, 'report failed');
      await repo.fail(reportId, message, ctx.clock.now());
    }
  }

  async function addresseesOf(
    requestedBy: string,
    recipientIds: readonly string[],
  ): Promise<ReportAddressees> {
    const people = await repo.usersByIds([requestedBy, ...recipientIds]);
    const requester = people.find((u) => u.id === requestedBy);
    if (!requester?.email)
      throw new ReportError('The requester has no e-mail address to send the report to.');
    const cc = [...new Set(people.filter((u) => u.id !== requestedBy && u.email).map((u) => u.email!))];
    return {
      requester: {
        userId: requester.id,
        email: requester.email,
        name: `${requester.firstName} ${requester.lastName}`.trim(),
      },
      cc,
    };
  }

  /** Writes the CSV and the XLSX of the report, streamed to their chunks; returns the data rows written. */
  async function writeFiles(
    reportId: string,
    request: StoredReportRequest,
    stations: ReportStation[],
  ): Promise<number> {
    const formats = new Set((request.FileFormats ?? ['csv', 'xlsx']).map((f) => f.toLowerCase()));
    if (formats.size === 0) formats.add('csv');
    const expiresAt = new Date(ctx.clock.now().getTime() + DOWNLOAD_LINK_SECONDS * 1000);
    const columns = reportColumns(request.Filters.ObservationTypes, request.UnitType);
    const interval = dataInterval(request.DataInterval);
    const daily = interval.minutes === 1440;
    const header = [
      'Station',
      daily ? 'Date' : 'Date and Time (local)',
      'Time Zone',
      ...columns.map((c) => c.header),
    ];

    const csv = formats.has('csv')
      ? new ChunkWriter(
          repo,
          await repo.createFile(reportId, 'csv', fileNameOf(request.Name, 'csv'), 'text/csv', expiresAt),
        )
      : null;
    let xlsx: {
      writer: ChunkWriter;
      workbook: ExcelJS.stream.xlsx.WorkbookWriter;
      sheet: ExcelJS.Worksheet;
      done: Promise<void>;
    } | null = null;
    if (formats.has('xlsx')) {
      const writer = new ChunkWriter(
        repo,
        await repo.createFile(
          reportId,
          'xlsx',
          fileNameOf(request.Name, 'xlsx'),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          expiresAt,
        ),
      );
      const stream = new PassThrough();
      // the workbook's bytes go to the database in order as exceljs zips them
      let chain = Promise.resolve();
      const done = new Promise<void>((resolve, reject) => {
        stream.on('data', (b: Buffer) => {
          chain = chain.then(() => writer.write(b));
          chain.catch(reject);
        });
        stream.on('end', () => chain.then(resolve, reject));
        stream.on('error', reject);
      });
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Report');
      sheet.addRow(header).commit();
      xlsx = { writer, workbook, sheet, done };
    }
    await csv?.write(Buffer.from(`\ufeff${csvLine(header)}`));

    let rows = 0;
    for (const [i, station] of stations.entries()) {
      const zone = station.timeZone ?? DEFAULT_STATION_TIME_ZONE;
      const from = localMidnight(request.Filters.TimeFilter.StartDate, zone);
      const to = localMidnight(nextDay(request.Filters.TimeFilter.EndDate), zone);
      let after: Date | null = null;
      for (;;) {
        const page = await repo.buckets(station.id, interval.minutes, from, to, after, PAGE_ROWS);
        let text = '';
        for (const b of page) {
          const local = localParts(b.bucketStart, zone);
          if (!keepsBucket(local, request.Filters.TimeFilter, daily)) continue;
          const when = daily ? (b.day ?? local.date) : `${local.date} ${local.time.slice(0, 5)}`;
          const values = rowValues(columns, b, request.UnitType);
          text += csvLine([station.name, when, zone, ...values]);
          xlsx?.sheet.addRow([station.name, when, zone, ...values]).commit();
          rows += 1;
        }
        if (text) await csv?.write(Buffer.from(text));
        if (page.length < PAGE_ROWS) break;
        after = page.at(-1)!.bucketStart;
      }
      await repo.progress(reportId, Math.min(95, Math.round(((i + 1) / stations.length) * 95)));
    }
    await csv?.close();
    if (xlsx) {
      xlsx.sheet.commit();
      await xlsx.workbook.commit();
      await xlsx.done;
      await xlsx.writer.close();
    }
    return rows;
  }

  return {
    build,
    async start() {
      if (boss) return;
      executor = handleExecutor(ctx.db);
      const started = new PgBoss({
        db: executor,
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      } as PgBoss.ConstructorOptions);
      started.on('error', (err) => ctx.log.error({ err }, 'report queue error'));
      await started.start();
      // a failed report is retried by the user (it says why), not by the queue
      const queue = { name: REPORT_QUEUE, retryLimit: 0, expireInSeconds: 15 * 60 };
      if (await started.getQueue(REPORT_QUEUE)) await started.updateQueue(REPORT_QUEUE, queue);
      else await started.createQueue(REPORT_QUEUE, queue);
      await started.work<{ reportId: string }>(
        REPORT_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) await build(job.data.reportId);
        },
      );
      boss = started;
    },
    async stop() {
      const running = boss;
      boss = null;
      // a database away at shutdown is not waited for (job-queue.ts close)
      executor?.close();
      if (running) await running.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      await executor?.settled();
    },
  };
}

/** A failure the requester can act on; its message is shown as it is. */
export class ReportError extends Error {}

/** The e-mail's text: what the report holds, and its files (attached, or links valid 7 days). */
export function reportEmailBody(
  name: string,
  request: StoredReportRequest,
  stations: readonly ReportStation[],
  rows: number,
  delivery: 'attachment' | 'link',
  links: readonly { fileName: string; url: string }[],
): string {
  const t = request.Filters.TimeFilter;
  const lines = [
    `Your report "${name}" is ready.`,
    '',
    `Weather stations: ${stations.map((s) => s.name).join(', ')}`,
    `Dates: ${t.StartDate} to ${t.EndDate}${t.StartTimeOfDay || t.EndTimeOfDay ? `, ${t.StartTimeOfDay ?? '00:00:00'} to ${t.EndTimeOfDay ?? '23:59:59'}` : ''}`,
    `Data interval: ${dataInterval(request.DataInterval).label}`,
    `Units: ${request.UnitType === 'metric' ? 'metric' : 'imperial'}`,
    `Rows: ${rows}`,
    '',
  ];
  if (delivery === 'attachment') lines.push('The report is attached as CSV and Excel (XLSX) files.');
  else {
    lines.push('The report is larger than 5 MB. Download it (the links work for 7 days):');
    for (const l of links) lines.push(`${l.fileName}: ${l.url}`);
  }
  return lines.join('\n');
}
