// The device directory (platform/devices.ts) of this process (issue 16): real relay boards at their units' addresses,
// or, in simulator mode, one virtual relay board per unit address on loopback, started the first time the address is
// asked for, and the switches of the virtual devices (a siren that stops acknowledging, a board off line).
import type { DeviceDirectory, VirtualDeviceSwitches } from '../../platform/devices.ts';
import { boardBaseUrl, RelayBoardError } from './relay-board.ts';
import { startVirtualRelayBoard, type VirtualRelayBoard } from './virtual-relay-board.ts';

/** Relays on a virtual board (a common 4-relay board). */
const VIRTUAL_BOARD_CHANNELS = 4;

export interface OwnedDeviceDirectory extends DeviceDirectory {
  /** The virtual board at an address, if one was started. */
  virtualBoard(address: string): VirtualRelayBoard | undefined;
  close(): Promise<void>;
}

/** Real relay boards only: `http://{address}`, the address checked. */
export function createDeviceDirectory(opts: { simulated: boolean }): OwnedDeviceDirectory {
  const boards = new Map<string, Promise<VirtualRelayBoard>>();
  const silentSirens = new Set<number>();
  const board = (address: string) => {
    let b = boards.get(address);
    if (!b) {
      b = startVirtualRelayBoard(VIRTUAL_BOARD_CHANNELS);
      boards.set(address, b);
    }
    return b;
  };
  const settled = new Map<string, VirtualRelayBoard>();
  const simulator: VirtualDeviceSwitches | null = opts.simulated
    ? {
        setSirenAnswering(sirenId, answering) {
          if (answering) silentSirens.delete(sirenId);
          else silentSirens.add(sirenId);
        },
        sirenAnswers: (sirenId) => !silentSirens.has(sirenId),
        async setRelayBoardOnline(address, online) {
          if (boardBaseUrl(address) === null) return false;
          const b = await board(address);
          settled.set(address, b);
          await b.setOnline(online);
          return true;
        },
      }
    : null;
  return {
    simulator,
    async relayBoardUrl(address) {
      const base = boardBaseUrl(address);
      if (base === null) throw new RelayBoardError(`'${address}' is not a device address`);
      if (!opts.simulated) return base;
      const b = await board(address);
      settled.set(address, b);
      return b.baseUrl;
    },
    virtualBoard: (address) => settled.get(address),
    async close() {
      for (const b of boards.values()) await (await b).stop();
      boards.clear();
      settled.clear();
    },
  };
}
