// Public address (spec 02 §2.5, §2.12, §3 'PA unit', 'PA result', 'Stored PA message', §5 'PA message', 'Stored PA
// message', §7 'Public address'; issue 16). Sending is an MQTT message to each PA unit through the gateway's PA
// outbox; a unit's status is 1 when it acknowledged within its window, 0 otherwise. Sending needs the Hardware page
// and pa.full_access (the hardware policy's sendPa); stored messages are the customer's, for every signed-in user
// (the stored-message policy).
import type {
  TPaResult,
  TPaSendInput,
  TPaUnit,
  TStoredPaMessage,
  TStoredPaMessageInput,
  TStoredPaMessageUpdate,
} from '@allclear/contracts';
import { hardwarePolicy, paMessagePolicy, raisePlayCount } from '@allclear/domain';
import type { Database } from '../../../db/client.ts';
import { awaitCommands } from '../../../engine/devices/command-wait.ts';
import { paCommandOutcomes, queuePaCommands } from '../../../engine/devices/operator-commands.repository.ts';
import { paMessageCommand } from '../../../engine/devices/operator-commands.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { HardwareRepository } from '../hardware/index.ts';
import type { PaRepository, PaUnitRow, StoredMessageRow } from './pa.repository.ts';

const presentUnit = (u: PaUnitRow): TPaUnit => ({
  id: u.id,
  name: u.name,
  ipAddress: u.ipAddress,
  defaultPlayCount: u.defaultPlayCount,
  hardwareId: u.hardwareId,
});

const presentMessage = (m: StoredMessageRow): TStoredPaMessage => ({
  id: m.id,
  title: m.title,
  message: m.message,
  customerId: m.customerId,
});

export class PaService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaRepository,
    private readonly hardware: HardwareRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  /** GET PA: the units the caller may send to (the Hardware page and pa.full_access). */
  async units(p: Principal): Promise<TPaUnit[]> {
    authorizeAction(p, 'hardware', 'view');
    authorizeAction(p, 'hardware', 'sendPa');
    return (await this.repo.unitsOf(p.customerId)).map(presentUnit);
  }

  /**
   * POST PA/SendMessage: the message to each unit, played `repeatCount` times (raised to the units' largest default,
   * spec 02 §5); answers each unit's status and name.
   */
  async send(p: Principal, input: TPaSendInput): Promise<TPaResult[]> {
    authorizeAction(p, 'hardware', 'view');
    const found = await this.repo.unitsById(input.pAList);
    const units = input.pAList.map((id) =>
      authorize(
        p,
        hardwarePolicy,
        'sendPa',
        found.find((u) => u.id === id),
        'PA unit',
      ),
    );
    const repeatCount = raisePlayCount(input.repeatCount, units);
    const now = this.clock.now();
    const commands = units.map((u) =>
      paMessageCommand(u, { text: input.message, repeatCount }, now, { by: 'operator' }),
    );
    const actorName = await this.hardware.actorName(p.userId);
    let auditIds: number[] = [];
    await this.db.transaction(async (tx) => {
      await queuePaCommands(tx, commands);
      auditIds = await this.hardware.insertAudit(
        tx,
        units.map((u, i) => ({
          customerId: u.customerId,
          hardwareId: u.hardwareId,
          paUnitId: u.id,
          action: 'pa-message',
          actorUserId: p.userId,
          actorName,
          at: now,
          details: { commandId: commands[i]!.id, message: input.message, repeatCount },
        })),
      );
    });
    for (const customerId of new Set(units.map((u) => u.customerId)))
      this.bus.publish('device-commands-queued', { customerId });
    const outcomes = await awaitCommands(
      (ids) => paCommandOutcomes(this.db, ids),
      commands.map((c) => c.id),
    );
    const delivered = commands.map((c) => outcomes.get(c.id)?.status === 'delivered');
    await this.hardware.setAuditOutcome(
      auditIds.filter((_, i) => delivered[i]),
      'ok',
    );
    await this.hardware.setAuditOutcome(
      auditIds.filter((_, i) => !delivered[i]),
      'failed',
    );
    return units.map((u, i) => ({ status: delivered[i] ? 1 : 0, paName: u.name }));
  }

  /** GET PA/StoredMessages. */
  async messages(p: Principal): Promise<TStoredPaMessage[]> {
    authorizeAction(p, 'paMessage', 'view');
    return (await this.repo.messagesOf(p.customerId)).map(presentMessage);
  }

  /** POST PA/StoredMessage. */
  async add(p: Principal, input: TStoredPaMessageInput): Promise<TStoredPaMessage> {
    authorizeAction(p, 'paMessage', 'change');
    return presentMessage(await this.repo.addMessage(p.customerId, input.title.trim(), input.message));
  }

  /** PATCH PA/StoredMessage. */
  async update(p: Principal, input: TStoredPaMessageUpdate): Promise<TStoredPaMessage> {
    const row = authorize(
      p,
      paMessagePolicy,
      'change',
      await this.repo.findMessage(input.id),
      'Stored message',
    );
    return presentMessage(await this.repo.updateMessage(row.id, input.title.trim(), input.message));
  }

  /** DELETE PA/StoredMessage/{id} (a unit's after-siren message is cleared with it). */
  async remove(p: Principal, id: number): Promise<boolean> {
    const row = authorize(p, paMessagePolicy, 'change', await this.repo.findMessage(id), 'Stored message');
    await this.repo.deleteMessage(row.id);
    return true;
  }
}
