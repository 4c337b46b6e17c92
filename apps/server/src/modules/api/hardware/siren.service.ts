// Sirens driven for real (spec 02 §4 'Tests', §5 'Siren settings', §7 'Hardware and sirens'; issue 16). A test, a
// Stop Test and a settings change are MQTT commands through the siren outbox the lightning engine uses: the gateway
// publishes them, and each succeeds when the siren acknowledges it within its window (OPERATOR_COMMAND_TTL_MS); one
// that is not acknowledged expires, raises the siren's fault and is reported as failed. Every command is audited
// with what the siren answered.
import type {
  TSirenCommandResult,
  TSirenDetail,
  TSirenSettings,
  TSirenSummary,
  TSirenTestType,
} from '@allclear/contracts';
import {
  bulkTestDurationSeconds,
  hardwarePolicy,
  normaliseAlertTimeRow,
  scenarioPolicy,
} from '@allclear/domain';
import type { ConfiguredWeather } from '@allclear/weather';
import type { Database } from '../../../db/client.ts';
import { awaitCommands } from '../../../engine/devices/command-wait.ts';
import {
  queueSirenCommands,
  sirenCommandOutcomes,
  sirenDeviceSettings,
} from '../../../engine/devices/operator-commands.repository.ts';
import {
  OPERATOR_COMMAND_TTL_MS,
  sirenSettingsCommand,
  sirenStopCommand,
  sirenTestCommand,
  TEST_COMMAND_KINDS,
} from '../../../engine/devices/operator-commands.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { DeviceDirectory } from '../../../platform/devices.ts';
import { AppError, badRequest, notFound, ruleViolation } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { HardwareRepository, HardwareRow, SirenRow } from './hardware.repository.ts';
import { presentSiren } from './hardware.presenter.ts';

const WINDOW_SECONDS = OPERATOR_COMMAND_TTL_MS / 1000;
/** The answer when a siren did not confirm its new settings (the settings stay saved; pushed again when it reports). */
export const SETTINGS_NOT_CONFIRMED = `The settings are saved, but the siren did not confirm them within ${WINDOW_SECONDS} seconds; they will be sent again when it next reports.`;
export const AFTER_SIREN_MESSAGE_UNKNOWN = 'Choose one of your stored PA messages.';
const VALIDATION_FAILED = 'One or more validation errors occurred.';

/** Why a siren did not take a command, for the caller. */
const noAnswer = (name: string) => `${name} did not answer within ${WINDOW_SECONDS} seconds.`;

export class SirenService {
  constructor(
    private readonly db: Database,
    private readonly repo: HardwareRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly weather: ConfiguredWeather,
    private readonly devices: DeviceDirectory | undefined,
  ) {}

  /** GET Siren: the customer's sirens (the drill form's choices). */
  async list(p: Principal): Promise<TSirenSummary[]> {
    authorizeAction(p, 'hardware', 'view');
    return this.repo.sirensOfCustomer(p.customerId);
  }

  /** GET Hardware/OWS/{id} (a hardware id): the siren's detail and the settings it reported holding. */
  async detail(p: Principal, hardwareId: number): Promise<TSirenDetail> {
    const unit = authorize(p, hardwarePolicy, 'view', await this.repo.findUnit(hardwareId), 'Hardware');
    const row = await this.repo.sirenOfUnit(unit.id);
    if (!row) throw notFound('OWS');
    return this.present(row.siren, row.unit);
  }

  private async present(siren: SirenRow, unit: HardwareRow): Promise<TSirenDetail> {
    const [detail] = await this.repo.listDetailed(unit.customerId, [unit.id]);
    return presentSiren(siren, unit, detail?.locationName ?? null, await this.repo.sirenAlertTimes(siren.id));
  }

  /**
   * PATCH Hardware/OWS/Settings: saves the settings (a new settings version), pushes them to the siren and answers
   * once it acknowledged; 504 when it did not in its window (saved all the same: the gateway pushes them again when
   * the siren next reports an older version).
   */
  async updateSettings(p: Principal, input: TSirenSettings): Promise<TSirenDetail> {
    const [found] = await this.repo.sirensWithUnits([input.id]);
    const unit = authorize(p, hardwarePolicy, 'manage', found?.unit, 'OWS');
    const siren = found!.siren;
    if (input.afterSirenPaId != null) {
      const owner = await this.repo.storedMessageCustomer(input.afterSirenPaId);
      if (owner !== unit.customerId)
        throw badRequest(VALIDATION_FAILED, { AfterSirenPaId: [AFTER_SIREN_MESSAGE_UNKNOWN] });
    }
    const alertTimes = input.alertTimes.map((row) => {
      const { day, startTime, endTime, allDay, enabled } = normaliseAlertTimeRow({ ...row, id: null });
      return { day, startTime, endTime, allDay, enabled };
    });
    const actorName = await this.repo.actorName(p.userId);
    const now = this.clock.now();
    let commandId = '';
    let auditIds: number[] = [];
    await this.repo.transaction(async (tx) => {
      await this.repo.saveSirenSettings(tx, siren.id, unit.id, { ...input, alertTimes });
      const settings = await sirenDeviceSettings(tx, siren.id);
      const command = sirenSettingsCommand(siren.id, settings!, now);
      commandId = command.id;
      await queueSirenCommands(tx, [command]);
      auditIds = await this.repo.insertAudit(tx, [
        {
          customerId: unit.customerId,
          hardwareId: unit.id,
          sirenId: siren.id,
          action: 'settings',
          actorUserId: p.userId,
          actorName,
          at: now,
          details: { commandId, version: settings!.version },
        },
      ]);
    });
    // the engine sounds with the new durations and alert times from now on
    this.bus.publish('siren-changed', { sirenId: siren.id, customerId: unit.customerId, deleted: false });
    this.bus.publish('device-commands-queued', { customerId: unit.customerId });
    const outcomes = await awaitCommands((ids) => sirenCommandOutcomes(this.db, ids), [commandId]);
    const acknowledged = outcomes.get(commandId)?.status === 'delivered';
    await this.repo.setAuditOutcome(auditIds, acknowledged ? 'ok' : 'failed');
    this.bus.publish('hardware-changed', { customerId: unit.customerId, hardwareId: unit.id });
    if (!acknowledged)
      throw new AppError(504, SETTINGS_NOT_CONFIRMED, { ServerErrors: [SETTINGS_NOT_CONFIRMED] });
    const [fresh] = await this.repo.sirensWithUnits([siren.id]);
    return this.present(fresh!.siren, fresh!.unit);
  }

  /**
   * POST Siren/Test/Delay, Test/AllClear, Test/Light (a test) and Siren/TurnOff (`test` null: Stop Test): one command
   * per siren; answers each siren's acknowledgement and the test's running time (the longest of those that answered,
   * spec 02 §9). Every siren must be the caller's to manage before anything is sent; a disabled siren is not tested.
   */
  async command(
    p: Principal,
    sirenIds: readonly number[],
    test: TSirenTestType | null,
  ): Promise<TSirenCommandResult> {
    const found = await this.repo.sirensWithUnits(sirenIds);
    const rows = sirenIds.map((id) => {
      const row = found.find((f) => f.siren.id === id);
      authorize(p, hardwarePolicy, 'manage', row?.unit, 'OWS');
      return row!;
    });
    if (test) {
      const disabled = rows.filter((r) => !r.unit.enabled || !r.siren.enabled);
      if (disabled.length > 0)
        throw ruleViolation(
          `${disabled.map((r) => r.unit.name).join(', ')}: disabled; enable it to test it.`,
        );
    }
    const now = this.clock.now();
    const origin = { by: 'operator' as const };
    const commands = rows.map((r) =>
      test ? sirenTestCommand(r.siren, test, now, origin) : sirenStopCommand(r.siren.id, now, origin),
    );
    const actorName = await this.repo.actorName(p.userId);
    const action = test ? TEST_COMMAND_KINDS[test] : 'test-stop';
    let auditIds: number[] = [];
    await this.repo.transaction(async (tx) => {
      await queueSirenCommands(tx, commands);
      auditIds = await this.repo.insertAudit(
        tx,
        rows.map((r, i) => ({
          customerId: r.unit.customerId,
          hardwareId: r.unit.id,
          sirenId: r.siren.id,
          action,
          actorUserId: p.userId,
          actorName,
          at: now,
          details: { commandId: commands[i]!.id },
        })),
      );
    });
    const customers = [...new Set(rows.map((r) => r.unit.customerId))];
    for (const customerId of customers) this.bus.publish('device-commands-queued', { customerId });
    const outcomes = await awaitCommands(
      (ids) => sirenCommandOutcomes(this.db, ids),
      commands.map((c) => c.id),
    );
    const answers = rows.map((r, i) => {
      const outcome = outcomes.get(commands[i]!.id);
      const acknowledged = outcome?.status === 'delivered';
      return {
        sirenId: r.siren.id,
        hardwareId: r.unit.id,
        name: r.unit.name,
        acknowledged,
        answeredAt: acknowledged && outcome?.deliveredAt ? outcome.deliveredAt.toISOString() : null,
        error: acknowledged ? null : noAnswer(r.unit.name),
      };
    });
    await this.repo.setAuditOutcome(
      auditIds.filter((_, i) => answers[i]!.acknowledged),
      'ok',
    );
    await this.repo.setAuditOutcome(
      auditIds.filter((_, i) => !answers[i]!.acknowledged),
      'failed',
    );
    for (const customerId of customers)
      this.bus.publish('hardware-changed', { customerId, hardwareId: null });
    const answered = rows.filter((_, i) => answers[i]!.acknowledged).map((r) => r.siren);
    return {
      test,
      durationSeconds: test ? bulkTestDurationSeconds(test, answered) : 0,
      succeeded: answers.every((a) => a.acknowledged),
      sirens: answers,
    };
  }

  /** PUT sim/Siren/{id}: a virtual siren stops (or resumes) acknowledging (simulator mode, Super Admin). */
  async simulate(p: Principal, sirenId: number, acknowledges: boolean): Promise<{ changed: boolean }> {
    const switches = this.devices?.simulator;
    if (!this.weather.simulatorMode || !switches) throw notFound('Route');
    authorize(p, scenarioPolicy, 'run', { customerId: p.customerId }, 'Route');
    const [found] = await this.repo.sirensWithUnits([sirenId]);
    if (!found) throw notFound('OWS');
    switches.setSirenAnswering(sirenId, acknowledges);
    return { changed: true };
  }
}
