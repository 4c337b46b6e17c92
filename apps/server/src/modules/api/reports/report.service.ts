// Reports (spec 03 §2.5, §3 'Report request', §5 'Export (report)', §6 'Report export modal', §7 'Reports', §9;
// issue 17): the Export Data modal's choices, POST reports/generate (checked with the domain's rules, then a job
// row and its pg-boss job in one transaction), a job's progress and result, a failed job queued again, and a file
// by its signed link. Every station must be the caller's customer's (another customer's: 404) and the caller must
// hold the historical-report permission (reportPolicy, 403 without it).
import { randomUUID } from 'node:crypto';
import type { TReportJob, TReportOptions, TReportRequest, ZReportRequest } from '@allclear/contracts';
import type { z } from 'zod';
import {
  generateReportState,
  isLegacyStation,
  observationDisabledTooltip,
  reportPolicy,
  type ExportObservation,
} from '@allclear/domain';
import type { Database } from '../../../db/client.ts';
import { localDayOf } from '../../../engine/observations/readings.ts';
import { metricsOf } from '../../../engine/reports/report-content.ts';
import {
  queueReportBuild,
  ReportRepository,
  type ReportFileRow,
  type ReportJobRow,
} from '../../../engine/reports/report.repository.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';

type ReportRequest = z.output<typeof ZReportRequest>;

/** Shown when a file's link has expired or is not ours. */
export const LINK_EXPIRED = 'This download link has expired or is not valid.';

export class ReportService {
  private readonly repo: ReportRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new ReportRepository(db);
  }

  /** The modal's weather stations (no OWS, spec 03 §2.5) and the recipients it may add: the caller's customer's. */
  async options(p: Principal): Promise<TReportOptions> {
    authorizeAction(p, 'report', 'generate');
    const stations = (await this.repo.stationsOfCustomer(p.customerId)).filter((s) => s.modelId !== 'OWS');
    return {
      stations: stations.map((s) => ({
        id: s.id,
        name: s.name,
        hardwareId: s.hardwareId,
        modelId: s.modelId,
        webRelayType: s.webRelayType,
      })),
      recipients: await this.repo.recipientsOfCustomer(p.customerId),
    };
  }

  /** `POST reports/generate`: checks the request by the spec's rules, then queues its build. */
  async generate(p: Principal, request: ReportRequest): Promise<TReportJob> {
    authorizeAction(p, 'report', 'generate');
    const hardwareIds = [...new Set(request.Filters.HardwareIds)];
    const stations = await this.repo.stationsOnHardware(hardwareIds);
    for (const id of hardwareIds) {
      const station = stations.find((s) => s.hardwareId === id && s.modelId !== 'OWS');
      authorize(p, reportPolicy, 'generate', station, 'Weather station');
    }
    const { StartDate, EndDate } = request.Filters.TimeFilter;
    const field = (name: string, message: string) => badRequest(message, { [name]: [message] });
    if (StartDate > EndDate)
      throw field('Filters.TimeFilter.StartDate', 'Start date must be on or before the end date.');
    const today = localDayOf(this.clock.now(), stations[0]?.timeZone ?? 'America/Chicago');
    if (EndDate > today) throw field('Filters.TimeFilter.EndDate', 'Future dates cannot be chosen.');
    const observations = Object.keys(request.Filters.ObservationTypes) as ExportObservation[];
    for (const o of observations) {
      const tooltip = observationDisabledTooltip(o, request.DataInterval);
      if (tooltip) throw field('Filters.ObservationTypes', tooltip);
      const allowed = metricsOf(o);
      const asked = request.Filters.ObservationTypes[o] ?? [];
      if (asked.some((m) => !allowed.includes(m)))
        throw field('Filters.ObservationTypes', `${o} offers ${allowed.join(', ')} only.`);
    }
    const state = generateReportState({
      startDate: StartDate,
      endDate: EndDate,
      observations,
      stationIds: hardwareIds,
      name: request.Name,
      intervalMinutes: request.DataInterval,
      anyLegacyStationSelected: stations.some((s) => isLegacyStation(s.webRelayType)),
    });
    if (!state.enabled) throw field('ServerErrors', state.messages[0] ?? 'The report cannot be generated.');
    const recipients = [...new Set(request.Recipients.filter((id) => id !== p.userId))];
    const people = await this.repo.usersByIds(recipients);
    for (const id of recipients) {
      const person = people.find((u) => u.id === id);
      if (!person || person.customerId !== p.customerId || !person.email) throw notFound('Recipient');
    }
    const stored = { ...request, Recipients: recipients, Requestor: p.userId };
    const job = await this.db.transaction(async (tx) => {
      const row = await this.repo.insertJob(tx, {
        id: randomUUID(),
        customerId: p.customerId,
        requestedBy: p.userId,
        name: request.Name,
        request: stored,
      });
      await queueReportBuild(tx, row.id);
      return row;
    });
    return this.present(job, []);
  }

  /** A job of the caller's customer (404 otherwise), for a caller who may generate reports. */
  private async job(p: Principal, id: string): Promise<ReportJobRow> {
    return authorize(p, reportPolicy, 'generate', await this.repo.job(id), 'Report');
  }

  async get(p: Principal, id: string): Promise<TReportJob> {
    const job = await this.job(p, id);
    return this.present(job, await this.repo.files(job.id));
  }

  /** `POST reports/{id}/retry`: a failed job queued again; 400 for a job that has not failed. */
  async retry(p: Principal, id: string): Promise<TReportJob> {
    const job = await this.job(p, id);
    const queued = await this.db.transaction(async (tx) => {
      if (!(await this.repo.requeue(tx, job.id))) return false;
      await queueReportBuild(tx, job.id);
      return true;
    });
    if (!queued) throw badRequest('Only a failed report can be retried.');
    return this.get(p, id);
  }

  /** A file by its signed link: the row and its bytes; 404 once expired. */
  async file(fileId: string): Promise<{ file: ReportFileRow; chunks: AsyncIterable<Buffer> }> {
    const file = await this.repo.file(fileId);
    if (!file || file.expiresAt.getTime() <= this.clock.now().getTime()) throw notFound('Report file');
    return { file, chunks: this.repo.chunks(file.id) };
  }

  private async present(job: ReportJobRow, files: readonly ReportFileRow[]): Promise<TReportJob> {
    const request = job.request as TReportRequest & { Recipients: string[] };
    const people = await this.repo.usersByIds([job.requestedBy, ...(request.Recipients ?? [])]);
    const emailOf = (id: string) => people.find((u) => u.id === id)?.email ?? null;
    const recipients = [job.requestedBy, ...(request.Recipients ?? [])]
      .map(emailOf)
      .filter((e): e is string => e !== null);
    return {
      id: job.id,
      name: job.name,
      status: job.status as TReportJob['status'],
      progress: job.progress,
      error: job.error,
      rows: job.rows,
      delivery: (job.delivery as TReportJob['delivery']) ?? null,
      recipients,
      files: files.map((f) => ({ format: f.format, fileName: f.fileName, sizeBytes: f.sizeBytes })),
      created: job.created.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  }
}
