// Remote relays ('StormBridge', spec 02 §2.5, §3 'Remote relay', §4 'Relays', §7 'Work/rest and relays'; issue 16):
// network relay boards over HTTP (engine/devices/relay-board.ts). The board is reached only at the address
// configured on one of the caller's units: the path's address must be one, and the URL is built from the stored
// address alone (no caller-given URL, no redirect followed), so the call cannot be turned at another host (SSRF).
// Reading answers the board's own states; a manual switch ('Confirm Manual Override') is audited with its outcome.
// A board that does not answer is 502 ('Failed to toggle relay, please try again.' on the page).
import type { TRemoteRelay, TSetRelayInput } from '@allclear/contracts';
import { hardwarePolicy, scenarioPolicy } from '@allclear/domain';
import type { ConfiguredWeather } from '@allclear/weather';
import {
  readRelayBoard,
  RelayBoardError,
  relayBoardUrlFor,
  setBoardRelay,
} from '../../../engine/devices/relay-board.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { DeviceDirectory } from '../../../platform/devices.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { authorize } from '../../shared/authorize.ts';
import type { HardwareRepository } from '../hardware/index.ts';
import type { RelayRepository, RelayRow } from './relay.repository.ts';

export const BOARD_DID_NOT_ANSWER = 'The relay board did not answer.';

const boardFailed = (err: unknown) =>
  new AppError(502, BOARD_DID_NOT_ANSWER, {
    ServerErrors: [err instanceof RelayBoardError ? err.message : BOARD_DID_NOT_ANSWER],
  });

function present(relay: RelayRow, toggled: boolean): TRemoteRelay {
  return {
    id: relay.id,
    name: relay.name,
    toggled,
    channel: relay.channel,
    remoteRelayTrigger:
      relay.triggerPolicyTypeId !== null
        ? {
            policyTypeId: relay.triggerPolicyTypeId,
            policyType: { displayName: relay.triggerDisplayName ?? '' },
          }
        : null,
  };
}

export class RelayService {
  constructor(
    private readonly repo: RelayRepository,
    private readonly hardware: HardwareRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly weather: ConfiguredWeather,
    private readonly devices: DeviceDirectory | undefined,
  ) {}

  private async unit(p: Principal, address: string, action: 'view' | 'manage') {
    return authorize(
      p,
      hardwarePolicy,
      action,
      await this.repo.unitByAddress(address, p.customerId),
      'Relay board',
    );
  }

  /** GET RemoteRelay/{ipAddress}: the unit's relays with the board's states as read now. */
  async list(p: Principal, address: string): Promise<TRemoteRelay[]> {
    const unit = await this.unit(p, address, 'view');
    const relays = await this.repo.relaysOf(unit.id);
    let states: Map<number, boolean>;
    try {
      states = await readRelayBoard(await relayBoardUrlFor(this.devices, unit.ipAddress!));
    } catch (err) {
      throw boardFailed(err);
    }
    const out: TRemoteRelay[] = [];
    for (const relay of relays) {
      const toggled = states.get(relay.channel) ?? relay.toggled;
      if (toggled !== relay.toggled) await this.repo.setToggled(relay.id, toggled);
      out.push(present(relay, toggled));
    }
    return out;
  }

  /** POST RemoteRelay/SetRelay/{ipAddress}: switches the relay named `id` on the board; answers it as the board now has it. */
  async set(p: Principal, address: string, input: TSetRelayInput): Promise<TRemoteRelay> {
    const unit = await this.unit(p, address, 'manage');
    const relay = (await this.repo.relaysOf(unit.id)).find((r) => r.name === input.id);
    if (!relay) throw notFound('Relay');
    const actorName = await this.hardware.actorName(p.userId);
    const audit = (outcome: 'ok' | 'failed', error?: string) =>
      this.hardware.insertAudit(this.hardware.db, [
        {
          customerId: unit.customerId,
          hardwareId: unit.id,
          relayId: relay.id,
          action: input.toggled ? 'relay-on' : 'relay-off',
          reason: 'Manual override',
          actorUserId: p.userId,
          actorName,
          at: this.clock.now(),
          outcome,
          details: { relay: relay.name, channel: relay.channel, ...(error ? { error } : {}) },
        },
      ]);
    let states: Map<number, boolean>;
    try {
      states = await setBoardRelay(
        await relayBoardUrlFor(this.devices, unit.ipAddress!),
        relay.channel,
        input.toggled,
      );
    } catch (err) {
      await audit('failed', (err as Error).message);
      throw boardFailed(err);
    }
    const toggled = states.get(relay.channel) ?? input.toggled;
    await this.repo.setToggled(relay.id, toggled);
    await audit('ok');
    this.bus.publish('hardware-changed', { customerId: unit.customerId, hardwareId: unit.id });
    return present(relay, toggled);
  }

  /** PUT sim/RelayBoard/{ipAddress}: takes the virtual board off line or back (simulator mode, Super Admin). */
  async simulate(p: Principal, address: string, online: boolean): Promise<{ changed: boolean }> {
    const switches = this.devices?.simulator;
    if (!this.weather.simulatorMode || !switches) throw notFound('Route');
    authorize(p, scenarioPolicy, 'run', { customerId: p.customerId }, 'Route');
    const unit = await this.repo.unitByAddress(address, p.customerId);
    if (!unit?.ipAddress) throw notFound('Relay board');
    return { changed: await switches.setRelayBoardOnline(unit.ipAddress, online) };
  }
}
