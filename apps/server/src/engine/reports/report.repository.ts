// The only code of the reports that touches the database (issue 17): report jobs, their files written and read in
// chunks, the rollups a report reads a page at a time (30-minute buckets merged from the 15-minute ones), and the
// pg-boss job that builds a report, sent in the caller's transaction.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import {
  hardware,
  reportFileChunks,
  reportFiles,
  reportJobs,
  users,
  weatherStations,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';
import { txExecutor } from '../notifications/job-queue.repository.ts';
import { ROLLUP_COLUMNS } from '../observations/readings.repository.ts';

/** The queue of report builds (data: { reportId }). */
export const REPORT_QUEUE = 'report-build';

export type ReportJobRow = typeof reportJobs.$inferSelect;
export type ReportFileRow = typeof reportFiles.$inferSelect;

/** A file chunk's most bytes (1 MiB). */
export const CHUNK_BYTES = 1 << 20;

/** A station of a report: its unit's model, zone and place. */
export interface ReportStation {
  id: number;
  name: string;
  customerId: number;
  hardwareId: number | null;
  modelId: string | null;
  webRelayType: number | null;
  timeZone: string | null;
  latitude: number | null;
}

/** One rollup bucket as a report reads it: SI aggregates by column name (ROLLUP_COLUMNS), its start and day. */
export interface ReportBucket {
  bucketStart: Date;
  /** The local date of a daily bucket. */
  day: string | null;
  values: Record<string, number | null>;
  et0Mm: number | null;
}

/** Sends the build job of a report through the caller's transaction (it exists exactly when the job row commits). */
export async function queueReportBuild(tx: Tx, reportId: string): Promise<void> {
  const db = txExecutor(tx);
  const boss = new PgBoss({ db, schema: 'pgboss' } as PgBoss.ConstructorOptions);
  const id = await boss.send(REPORT_QUEUE, { reportId }, { db } as PgBoss.SendOptions);
  if (!id) throw new Error('the report queue does not exist yet: the report worker has not started');
}

export class ReportRepository {
  constructor(private readonly db: Database) {}

  /** Weather stations on these hardware units (a report's HardwareIds), with their unit. */
  async stationsOnHardware(hardwareIds: readonly number[]): Promise<ReportStation[]> {
    if (hardwareIds.length === 0) return [];
    return this.stationQuery().where(inArray(weatherStations.hardwareId, [...hardwareIds]));
  }

  /** A customer's weather stations with their unit (the modal's choices). */
  async stationsOfCustomer(customerId: number): Promise<ReportStation[]> {
    return this.stationQuery()
      .where(eq(weatherStations.customerId, customerId))
      .orderBy(asc(weatherStations.name));
  }

  private stationQuery() {
    return this.db
      .select({
        id: weatherStations.id,
        name: weatherStations.name,
        customerId: weatherStations.customerId,
        hardwareId: weatherStations.hardwareId,
        modelId: hardware.modelId,
        webRelayType: hardware.webRelayType,
        timeZone: hardware.timeZoneId,
        latitude: hardware.latitude,
      })
      .from(weatherStations)
      .leftJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .$dynamic();
  }

  /** Active users of a customer with an e-mail address (the recipients the modal offers), by first name. */
  async recipientsOfCustomer(customerId: number): Promise<{ id: string; fullName: string; email: string }[]> {
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.customerId, customerId), eq(users.isActive, true)))
      .orderBy(asc(users.firstName), asc(users.lastName));
    return rows
      .filter((r): r is typeof r & { email: string } => !!r.email)
      .map((r) => ({ id: r.id, fullName: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
  }

  /** Users by id (any customer: the caller checks), with their e-mail and name. */
  async usersByIds(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: users.id,
        customerId: users.customerId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(inArray(users.id, [...ids]));
  }

  async insertJob(tx: Tx, row: typeof reportJobs.$inferInsert): Promise<ReportJobRow> {
    const [job] = await tx.insert(reportJobs).values(row).returning();
    return job!;
  }

  async job(id: string): Promise<ReportJobRow | undefined> {
    const [row] = await this.db.select().from(reportJobs).where(eq(reportJobs.id, id)).limit(1);
    return row;
  }

  async files(reportId: string): Promise<ReportFileRow[]> {
    return this.db
      .select()
      .from(reportFiles)
      .where(eq(reportFiles.reportId, reportId))
      .orderBy(asc(reportFiles.format));
  }

  async file(fileId: string): Promise<ReportFileRow | undefined> {
    const [row] = await this.db.select().from(reportFiles).where(eq(reportFiles.id, fileId)).limit(1);
    return row;
  }

  /** Sets a failed job queued again, in the caller's transaction; false when it was not failed. */
  async requeue(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx
      .update(reportJobs)
      .set({ status: 'queued', progress: 0, error: null, finishedAt: null })
      .where(and(eq(reportJobs.id, id), eq(reportJobs.status, 'failed')))
      .returning({ id: reportJobs.id });
    return rows.length > 0;
  }

  /** Marks a queued job running (one more attempt); false when it is not queued (a repeated job). */
  async start(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(reportJobs)
      .set({ status: 'running', progress: 0, startedAt: now, attempts: sql`${reportJobs.attempts} + 1` })
      .where(and(eq(reportJobs.id, id), eq(reportJobs.status, 'queued')))
      .returning({ id: reportJobs.id });
    return rows.length > 0;
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.db.update(reportJobs).set({ progress }).where(eq(reportJobs.id, id));
  }

  /** Marks a job done in the caller's transaction (the e-mail is enqueued in it too). */
  async finish(tx: Tx, id: string, rows: number, delivery: 'attachment' | 'link', now: Date): Promise<void> {
    await tx
      .update(reportJobs)
      .set({ status: 'done', progress: 100, rows, delivery, finishedAt: now, error: null })
      .where(eq(reportJobs.id, id));
  }

  async fail(id: string, error: string, now: Date): Promise<void> {
    await this.db
      .update(reportJobs)
      .set({ status: 'failed', error, finishedAt: now })
      .where(eq(reportJobs.id, id));
  }

  /** Drops the files of an earlier attempt. */
  async deleteFiles(reportId: string): Promise<void> {
    await this.db.delete(reportFiles).where(eq(reportFiles.reportId, reportId));
  }

  async createFile(reportId: string, format: string, fileName: string, contentType: string, expiresAt: Date) {
    const id = randomUUID();
    await this.db.insert(reportFiles).values({ id, reportId, format, fileName, contentType, expiresAt });
    return id;
  }

  async appendChunk(fileId: string, seq: number, bytes: Uint8Array): Promise<void> {
    await this.db.insert(reportFileChunks).values({ fileId, seq, bytes });
  }

  async setFileSize(fileId: string, sizeBytes: number): Promise<void> {
    await this.db.update(reportFiles).set({ sizeBytes }).where(eq(reportFiles.id, fileId));
  }

  /** A file's bytes, a chunk at a time, in order. */
  async *chunks(fileId: string): AsyncGenerator<Buffer> {
    let after = -1;
    for (;;) {
      const [row] = await this.db
        .select({ seq: reportFileChunks.seq, bytes: reportFileChunks.bytes })
        .from(reportFileChunks)
        .where(and(eq(reportFileChunks.fileId, fileId), gt(reportFileChunks.seq, after)))
        .orderBy(asc(reportFileChunks.seq))
        .limit(1);
      if (!row) return;
      after = row.seq;
      yield Buffer.from(row.bytes);
    }
  }

  /**
   * A page of a station's buckets of `minutes` (15, 30, 60 or 1440) with from <= start < to, after `after`, oldest
   * first: the 15-minute, hourly and daily rollups as kept, 30-minute buckets merged from two quarter hours.
   */
  async buckets(
    stationId: number,
    minutes: number,
    from: Date,
    to: Date,
    after: Date | null,
    limit: number,
  ): Promise<ReportBucket[]> {
    const names = ROLLUP_COLUMNS.map(([c]) => c);
    const afterCond = after ? sql`AND bucket_start > ${after}` : sql``;
    let query;
    if (minutes === 1440) {
      query = sql`SELECT bucket_start, day::text AS day, et0_mm, ${sql.raw(names.join(', '))}
        FROM station_readings_daily WHERE station_id = ${stationId} AND bucket_start >= ${from} AND bucket_start < ${to}
        ${afterCond} ORDER BY bucket_start LIMIT ${limit}`;
    } else if (minutes === 30) {
      const merged = ROLLUP_COLUMNS.map(([c, , merge]) => `${merge} AS ${c}`).join(', ');
      query = sql`SELECT * FROM (
          SELECT date_bin('30 minutes', bucket_start, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS bucket_start, NULL AS day,
                 NULL::double precision AS et0_mm, ${sql.raw(merged)}
          FROM station_readings_15m WHERE station_id = ${stationId} AND bucket_start >= ${from} AND bucket_start < ${to}
          GROUP BY 1) b
        WHERE true ${afterCond} ORDER BY bucket_start LIMIT ${limit}`;
    } else {
      const table = minutes === 15 ? 'station_readings_15m' : 'station_readings_hourly';
      query = sql`SELECT bucket_start, NULL AS day, NULL::double precision AS et0_mm, ${sql.raw(names.join(', '))}
        FROM ${sql.raw(table)} WHERE station_id = ${stationId} AND bucket_start >= ${from} AND bucket_start < ${to}
        ${afterCond} ORDER BY bucket_start LIMIT ${limit}`;
    }
    const result = (await this.db.execute(query)) as unknown as
      { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    const rows = Array.isArray(result) ? result : result.rows;
    return rows.map((r) => ({
      bucketStart: new Date(r.bucket_start as string | Date),
      day: (r.day as string | null) ?? null,
      et0Mm: r.et0_mm === null || r.et0_mm === undefined ? null : Number(r.et0_mm),
      values: Object.fromEntries(
        names.map((n) => [n, r[n] === null || r[n] === undefined ? null : Number(r[n])]),
      ),
    }));
  }
}
