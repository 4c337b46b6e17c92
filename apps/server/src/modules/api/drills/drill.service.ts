// Scheduled siren drills (issue 16, beyond the spec): an admin schedules a test (Delay, All Clear or Light) for one or
// more sirens at a local date and time of their zone, once, weekly or monthly; the engine's drill runner runs it
// through the same command path as an operator's test, records each siren's answer and sound report and e-mails the
// report (engine/devices/drill-runner.ts). Scheduling needs to manage every siren (the hardware policy), as a test
// does.
import type { TDrill, TDrillInput, TDrillRun } from '@allclear/contracts';
import {
  hardwarePolicy,
  localDateOf,
  nextDrillRun,
  type DrillRecurrence,
  type SirenTestType,
} from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { unitTimeZone, type HardwareRepository } from '../hardware/index.ts';
import type { DrillDetail, DrillRepository, DrillRunRow } from './drill.repository.ts';

const VALIDATION_FAILED = 'One or more validation errors occurred.';
export const DRILL_TIME_PASSED = 'Choose a time in the future.';
export const DRILL_DATE_PASSED = 'Choose today or a later date.';
export const DRILL_ZONES_DIFFER = 'These sirens are in different time zones; schedule a drill for each zone.';

function presentRun(run: DrillRunRow): TDrillRun {
  return {
    id: run.id,
    scheduledAt: run.scheduledAt.toISOString(),
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    outcome: (run.outcome as TDrillRun['outcome']) ?? null,
    summary: run.summary,
    results: Array.isArray(run.results) ? (run.results as TDrillRun['results']) : [],
  };
}

function presentDrill(d: DrillDetail, p: Principal): TDrill {
  return {
    id: d.drill.id,
    testType: d.drill.testType as SirenTestType,
    localDate: d.drill.localDate,
    localTime: d.drill.localTime,
    timeZone: d.drill.timeZone,
    recurrence: d.drill.recurrence as DrillRecurrence,
    nextRunAt: d.drill.nextRunAt?.toISOString() ?? null,
    sirens: d.sirens,
    createdBy: d.createdBy,
    lastRun: d.lastRun ? presentRun(d.lastRun) : null,
    abilities: { delete: hardwarePolicy.can(p, 'manage', { customerId: d.drill.customerId }) },
  };
}

export class DrillService {
  constructor(
    private readonly repo: DrillRepository,
    private readonly hardware: HardwareRepository,
    private readonly clock: Clock,
  ) {}

  /** GET Drill: the customer's drills, next first. */
  async list(p: Principal): Promise<TDrill[]> {
    authorizeAction(p, 'hardware', 'view');
    return (await this.repo.listDetailed(p.customerId)).map((d) => presentDrill(d, p));
  }

  /** POST Drill: the first run must lie ahead; the sirens' zone is the drill's (they must share one). */
  async add(p: Principal, input: TDrillInput): Promise<TDrill> {
    const found = await this.hardware.sirensWithUnits(input.sirenIds);
    const rows = input.sirenIds.map((id) => {
      const row = found.find((f) => f.siren.id === id);
      authorize(p, hardwarePolicy, 'manage', row?.unit, 'OWS');
      return row!;
    });
    const zones = new Set(rows.map((r) => unitTimeZone(r.unit)));
    if (zones.size > 1) throw badRequest(VALIDATION_FAILED, { SirenIds: [DRILL_ZONES_DIFFER] });
    const timeZone = [...zones][0]!;
    const now = this.clock.now();
    const schedule = {
      localDate: input.localDate,
      localTime: input.localTime,
      timeZone,
      recurrence: input.recurrence,
    };
    const next = nextDrillRun(schedule, now.getTime());
    // a one-off drill already past: a day before today (in the sirens' zone) is the date's fault, not the time's
    if (next === null)
      throw badRequest(
        VALIDATION_FAILED,
        input.localDate < localDateOf(now.getTime(), timeZone)
          ? { LocalDate: [DRILL_DATE_PASSED] }
          : { LocalTime: [DRILL_TIME_PASSED] },
      );
    const customerId = rows[0]!.unit.customerId;
    const id = await this.repo.add(
      {
        customerId,
        testType: input.testType,
        ...schedule,
        nextRunAt: new Date(next),
        createdBy: p.userId,
        createdAt: now,
      },
      input.sirenIds,
    );
    const actorName = await this.hardware.actorName(p.userId);
    await this.hardware.insertAudit(
      this.hardware.db,
      rows.map((r) => ({
        customerId,
        hardwareId: r.unit.id,
        sirenId: r.siren.id,
        drillId: id,
        action: 'drill-scheduled',
        actorUserId: p.userId,
        actorName,
        at: now,
        details: { testType: input.testType, ...schedule },
      })),
    );
    const [detail] = await this.repo.listDetailed(customerId, [id]);
    return presentDrill(detail!, p);
  }

  /** DELETE Drill/{id}. */
  async remove(p: Principal, id: number): Promise<boolean> {
    const drill = authorize(p, hardwarePolicy, 'manage', await this.repo.findDrill(id), 'Drill');
    await this.repo.delete(drill.id);
    return true;
  }
}
