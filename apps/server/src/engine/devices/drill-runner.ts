// Scheduled siren drills (issue 16, beyond the spec): at a drill's time the runner claims it (once per cluster),
// moves it to its next occurrence, and runs its test through the operators' command path: a test command per siren
// in the siren outbox, published by the gateway, each siren's acknowledgement awaited in its window; for Delay and
// Light (which run until stopped) a Stop Test once the test's time has passed; each siren's sound report kept.
// A siren where a real lightning delay is active (or that is disabled) is left out and said so. The run's result is
// stored, audited per siren, and e-mailed to the admin who scheduled it through the notifier (the outbox by default).
import { randomUUID } from 'node:crypto';
import {
  drillRunOutcome,
  drillSummaryText,
  DRILL_SKIPPED_IN_DELAY,
  formatLocalTime,
  NotificationType,
  nextDrillRun,
  SIREN_TEST_NAMES,
  testDurationSeconds,
  type DrillRecurrence,
  type DrillSirenOutcome,
  type SirenTestType,
} from '@allclear/domain';
import type { Bus } from '../../platform/bus.ts';
import type { AlertEvent, DirectRecipient } from '../../platform/alerts.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import { awaitCommands } from './command-wait.ts';
import {
  claimDrill,
  customerName,
  drillMembers,
  dueDrills,
  finishRun,
  insertAuditRows,
  reportRecipients,
  setAuditOutcome,
  startRun,
  type DrillMember,
  type DrillRow,
  type ReportRecipient,
} from './drill-runner.repository.ts';
import { queueSirenCommands, sirenCommandOutcomes } from './operator-commands.repository.ts';
import { OPERATOR_COMMAND_TTL_MS, sirenStopCommand, sirenTestCommand } from './operator-commands.ts';

/** How often the runner looks for due drills, real ms. */
export const DRILL_POLL_MS = 2_000;
/** Beyond a test's own time, how long a run waits for the sirens' sound reports, real ms. */
const REPORT_GRACE_MS = 10_000;
export const DRILL_SKIPPED_DISABLED = 'skipped: the siren is disabled';

export interface DrillSirenResult {
  sirenId: number;
  hardwareId: number;
  name: string;
  outcome: DrillSirenOutcome;
  note: string | null;
  answeredAt: string | null;
  soundReport: { seconds: number; at: string } | null;
}

export interface DrillRunner extends EngineService {
  /** Claims and runs every due drill; resolves when they have run (tests call it). */
  runDue(): Promise<void>;
}

/** The drill report e-mail to one recipient. */
export function drillReportEvent(input: {
  drill: DrillRow;
  runId: number;
  customer: string;
  recipient: ReportRecipient;
  startedAt: Date;
  outcome: 'passed' | 'failed' | 'skipped';
  summary: string;
  results: readonly DrillSirenResult[];
  nextRunAt: Date | null;
  now: Date;
}): AlertEvent {
  const { drill, recipient } = input;
  const zone = drill.timeZone;
  const test = SIREN_TEST_NAMES[drill.testType as SirenTestType] ?? drill.testType;
  const verdict = { passed: 'Passed', failed: 'Failed', skipped: 'Skipped' }[input.outcome];
  const line = (r: DrillSirenResult) => {
    if (r.outcome === 'answered') {
      const at = r.answeredAt ? formatLocalTime(r.answeredAt, zone, { seconds: true }) : '';
      const sounded = r.soundReport
        ? `; reported ${r.soundReport.seconds} s of ${test.toLowerCase()}`
        : '; no sound report';
      return `- ${r.name}: answered at ${at}${sounded}`;
    }
    return `- ${r.name}: ${r.note ?? 'did not answer'}`;
  };
  const name = `${recipient.firstName} ${recipient.lastName}`.trim();
  const direct: DirectRecipient = {
    key: `user:${recipient.id}`,
    email: recipient.email,
    name,
    userId: recipient.id,
    notificationUserId: null,
  };
  return {
    id: randomUUID(),
    kind: 'drill-report',
    notificationType: NotificationType.SIREN,
    customerId: drill.customerId,
    locationId: null,
    correlationId: `drill-run:${input.runId}`,
    occurredAt: input.now,
    subject: `Siren drill ${verdict.toLowerCase()}: ${test} test, ${formatLocalTime(input.startedAt, zone, { withDate: true })}`,
    body: [
      `Hello ${recipient.firstName},`,
      '',
      `The ${test} test drill${input.customer ? ` of ${input.customer}` : ''} ran at ${formatLocalTime(input.startedAt, zone, { withDate: true, seconds: true })}.`,
      `Result: ${verdict}. ${input.summary}.`,
      '',
      ...input.results.map(line),
      '',
      input.nextRunAt
        ? `Next drill: ${formatLocalTime(input.nextRunAt, zone, { withDate: true })} (${drill.recurrence}).`
        : 'This drill does not repeat.',
    ].join('\n'),
    details: {
      drillId: drill.id,
      runId: input.runId,
      outcome: input.outcome,
      results: input.results,
      recipient: direct,
    },
  };
}

export function createDrillRunner(ctx: EngineContext & { bus?: Bus; autoTick?: boolean }): DrillRunner {
  const { db, clock, log } = ctx;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  const runs = new Set<Promise<void>>();
  /** Set by stop(): runs stop waiting for their sirens and finish with what they have. */
  let stopping = false;
  const aborted = () => stopping;

  async function run(drill: DrillRow, scheduledAt: Date, nextRunAt: Date | null): Promise<void> {
    const test = drill.testType as SirenTestType;
    const startedAt = clock.now();
    const members = await drillMembers(db.db, drill.id);
    const runId = await startRun(db.db, {
      drillId: drill.id,
      customerId: drill.customerId,
      scheduledAt,
      startedAt,
    });
    const skipped = (m: DrillMember) =>
      !m.enabled ? DRILL_SKIPPED_DISABLED : m.inDelay ? DRILL_SKIPPED_IN_DELAY : null;
    const running = members.filter((m) => skipped(m) === null);
    const origin = { by: 'drill' as const, drillRunId: runId };
    const commands = running.map((m) => sirenTestCommand({ ...m, id: m.sirenId }, test, startedAt, origin));
    let auditIds: number[] = [];
    await db.db.transaction(async (tx) => {
      await queueSirenCommands(tx, commands);
      auditIds = await insertAuditRows(
        tx,
        members.map((m) => ({
          customerId: m.customerId,
          hardwareId: m.hardwareId,
          sirenId: m.sirenId,
          drillId: drill.id,
          action: 'drill',
          reason: skipped(m),
          actorUserId: null,
          actorName: 'Drill',
          at: startedAt,
          details: { runId, testType: test, commandId: commands[running.indexOf(m)]?.id ?? null },
        })),
      );
    });
    if (commands.length > 0) ctx.bus?.publish('device-commands-queued', { customerId: drill.customerId });
    const ids = commands.map((c) => c.id);
    const read = (list: readonly string[]) => sirenCommandOutcomes(db.db, list);
    let outcomes = await awaitCommands(read, ids, { aborted });
    const answered = running.filter((_, i) => outcomes.get(ids[i]!)?.status === 'delivered');
    if (answered.length > 0) {
      // each siren reports what it sounded once its test has run (Light: 3 s; Delay: its sound)
      const longest = Math.max(...answered.map((m) => testDurationSeconds(test, m)));
      outcomes = await awaitCommands(read, ids, {
        capMs: longest * 1000 + REPORT_GRACE_MS,
        until: (list) => list.every((o) => o.status !== 'delivered' || o.report !== null),
        aborted,
      });
      if (test !== 'all-clear') {
        // Delay and Light run until stopped (spec 02 §4): the drill stops them
        const stops = answered.map((m) => sirenStopCommand(m.sirenId, clock.now(), origin));
        await queueSirenCommands(db.db, stops);
        ctx.bus?.publish('device-commands-queued', { customerId: drill.customerId });
        await awaitCommands(
          read,
          stops.map((s) => s.id),
          { aborted },
        );
      }
    }
    const results: DrillSirenResult[] = members.map((m) => {
      const note = skipped(m);
      if (note) return base(m, 'skipped', note);
      const o = outcomes.get(commands[running.indexOf(m)]!.id);
      if (o?.status !== 'delivered')
        return base(m, 'no-answer', `did not answer within ${OPERATOR_COMMAND_TTL_MS / 1000} s`);
      const report = o.report as { seconds?: unknown; at?: unknown } | null;
      return {
        ...base(m, 'answered', null),
        answeredAt: o.deliveredAt?.toISOString() ?? null,
        soundReport:
          report && typeof report.seconds === 'number' && typeof report.at === 'string'
            ? { seconds: report.seconds, at: report.at }
            : null,
      };
    });
    const outcome = drillRunOutcome(results.map((r) => r.outcome));
    const summary = drillSummaryText(results.map((r) => r.outcome));
    const now = clock.now();
    const recipients = await reportRecipients(db.db, drill);
    const customer = await customerName(db.db, drill.customerId);
    await db.db.transaction(async (tx) => {
      await finishRun(tx, runId, { finishedAt: now, outcome, summary, results });
      for (const recipient of recipients)
        await ctx.enqueueAlert(
          tx,
          drillReportEvent({
            drill,
            runId,
            customer,
            recipient,
            startedAt,
            outcome,
            summary,
            results,
            nextRunAt,
            now,
          }),
        );
    });
    const okIds = auditIds.filter((_, i) => results[i]!.outcome === 'answered');
    const failedIds = auditIds.filter((_, i) => results[i]!.outcome === 'no-answer');
    await setAuditOutcome(db.db, okIds, 'ok');
    await setAuditOutcome(db.db, failedIds, 'failed');
    ctx.bus?.publish('hardware-changed', { customerId: drill.customerId, hardwareId: null });
    log.info({ drillId: drill.id, runId, outcome, summary }, 'devices: drill ran');
  }

  function base(m: DrillMember, outcome: DrillSirenOutcome, note: string | null): DrillSirenResult {
    return {
      sirenId: m.sirenId,
      hardwareId: m.hardwareId,
      name: m.name,
      outcome,
      note,
      answeredAt: null,
      soundReport: null,
    };
  }

  /** Claims the due drills and starts their runs; answers the runs started. */
  async function claimDue(): Promise<Promise<void>[]> {
    const now = clock.now();
    const started: Promise<void>[] = [];
    for (const drill of await dueDrills(db.db, now)) {
      const was = drill.nextRunAt!;
      const next = nextDrillRun(
        {
          localDate: drill.localDate,
          localTime: drill.localTime,
          timeZone: drill.timeZone,
          recurrence: drill.recurrence as DrillRecurrence,
        },
        Math.max(now.getTime(), was.getTime()),
      );
      const nextAt = next === null ? null : new Date(next);
      if (!(await claimDrill(db.db, drill.id, was, nextAt))) continue;
      const p = run(drill, was, nextAt).catch((err: unknown) =>
        log.error({ err, drillId: drill.id }, 'devices: drill run failed'),
      );
      runs.add(p);
      void p.finally(() => runs.delete(p));
      started.push(p);
    }
    return started;
  }

  const tick = () => {
    if (polling) return;
    polling = claimDue()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'devices: drill runner failed'))
      .finally(() => {
        polling = null;
      });
  };

  return {
    async runDue() {
      await Promise.all(await claimDue());
    },
    async start() {
      if (ctx.autoTick === false) return;
      timer = setInterval(tick, DRILL_POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      while (polling) await polling;
      // a run in progress stops waiting for its sirens and finishes with what it has (its report is owed)
      stopping = true;
      await Promise.all([...runs]);
      stopping = false;
    },
  };
}
