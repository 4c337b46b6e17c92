// The hardware page's units (spec 02 §2.5, §3 'Hardware', §4 'Enable/disable'; issue 16): the list and one unit, a
// unit's audit, and disable/enable of a unit or of its siren with the reason kept (who, when, why). The hardware
// policy decides every call (spec 02 §6 'Hardware page': Super Admin, Admin, Assistant Admin; a Customer is refused,
// another customer's unit is not found). A disabled siren is dropped from the lightning engine's sirens at once
// ('siren-changed'), so it receives no alert command.
import type { THardware, THardwareAuditEntry, THardwareToggleInput } from '@allclear/contracts';
import { hardwarePolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import { ruleViolation } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { HardwareRepository } from './hardware.repository.ts';
import { presentAudit, presentHardware, unitTimeZone } from './hardware.presenter.ts';

export const NO_SIREN = 'This unit has no OWS.';

export class HardwareService {
  constructor(
    private readonly repo: HardwareRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  /** GET Hardware: the caller's customer's units, each with what the caller may do with it. */
  async list(p: Principal): Promise<THardware[]> {
    authorizeAction(p, 'hardware', 'view');
    const now = this.clock.now();
    return (await this.repo.listDetailed(p.customerId)).map((d) => presentHardware(d, p, now));
  }

  /** GET hardware/{id}. */
  async get(p: Principal, id: number): Promise<THardware> {
    const unit = authorize(p, hardwarePolicy, 'view', await this.repo.findUnit(id), 'Hardware');
    const [detail] = await this.repo.listDetailed(unit.customerId, [unit.id]);
    return presentHardware(detail!, p, this.clock.now());
  }

  /** GET Hardware/Audit/{id}: who did what to the unit, when, why and what it answered; newest first. */
  async audit(p: Principal, id: number): Promise<THardwareAuditEntry[]> {
    const unit = authorize(p, hardwarePolicy, 'view', await this.repo.findUnit(id), 'Hardware');
    const zone = unitTimeZone(unit);
    return (await this.repo.auditOf(unit.id)).map((row) => presentAudit(row, zone));
  }

  /** POST Support/Disable, Support/Enable: the unit; the reason, who and when go in the audit. */
  async setUnitEnabled(p: Principal, input: THardwareToggleInput, enabled: boolean): Promise<THardware> {
    const unit = authorize(
      p,
      hardwarePolicy,
      'manage',
      await this.repo.findUnit(input.hardwareId),
      'Hardware',
    );
    const siren = await this.repo.sirenOfUnit(unit.id);
    const actorName = await this.repo.actorName(p.userId);
    await this.repo.transaction(async (tx) => {
      await this.repo.setUnitEnabled(tx, unit.id, enabled);
      await this.repo.insertAudit(tx, [
        {
          customerId: unit.customerId,
          hardwareId: unit.id,
          sirenId: siren?.siren.id ?? null,
          action: enabled ? 'hardware-enabled' : 'hardware-disabled',
          reason: input.message.trim(),
          actorUserId: p.userId,
          actorName,
          at: this.clock.now(),
        },
      ]);
    });
    this.changed(unit.customerId, unit.id, siren?.siren.id);
    return this.get(p, unit.id);
  }

  /** POST Support/Siren/Disable, Support/Siren/Enable: the unit's OWS alone. */
  async setSirenEnabled(p: Principal, input: THardwareToggleInput, enabled: boolean): Promise<THardware> {
    const unit = authorize(
      p,
      hardwarePolicy,
      'manage',
      await this.repo.findUnit(input.hardwareId),
      'Hardware',
    );
    const siren = await this.repo.sirenOfUnit(unit.id);
    if (!siren) throw ruleViolation(NO_SIREN);
    const actorName = await this.repo.actorName(p.userId);
    await this.repo.transaction(async (tx) => {
      await this.repo.setSirenEnabled(tx, siren.siren.id, enabled);
      await this.repo.insertAudit(tx, [
        {
          customerId: unit.customerId,
          hardwareId: unit.id,
          sirenId: siren.siren.id,
          action: enabled ? 'siren-enabled' : 'siren-disabled',
          reason: input.message.trim(),
          actorUserId: p.userId,
          actorName,
          at: this.clock.now(),
        },
      ]);
    });
    this.changed(unit.customerId, unit.id, siren.siren.id);
    return this.get(p, unit.id);
  }

  /** After commit: the engine re-reads the siren (a disabled one sounds no more), the page refetches. */
  private changed(customerId: number, hardwareId: number, sirenId: number | undefined): void {
    if (sirenId !== undefined) this.bus.publish('siren-changed', { sirenId, customerId, deleted: false });
    this.bus.publish('hardware-changed', { customerId, hardwareId });
  }
}
