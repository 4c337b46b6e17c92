// How the API and the engine reach field devices beyond the MQTT outbox (issue 16): the relay boards, spoken to over
// HTTP at a unit's configured address, and, in simulator mode, the switches of the simulator's virtual devices (a
// siren that stops acknowledging, a relay board taken off line). The engine implements it
// (engine/devices/device-directory.ts); the composition root hands the same one to both.

/** The simulator's switches for its virtual devices (simulator mode only). */
export interface VirtualDeviceSwitches {
  /** Makes a virtual siren stop (false) or resume (true) acknowledging its commands. */
  setSirenAnswering(sirenId: number, answering: boolean): void;
  /** Whether a virtual siren acknowledges its commands now. */
  sirenAnswers(sirenId: number): boolean;
  /** Takes the virtual relay board at a unit's address off line (false) or back (true); false when there is none. */
  setRelayBoardOnline(address: string, online: boolean): Promise<boolean>;
}

export interface DeviceDirectory {
  /**
   * The base URL of the relay board at a unit's configured address: `http://{address}` for a real board (the address
   * checked to be an address, nothing else), the simulator's virtual board on loopback in simulator mode.
   */
  relayBoardUrl(address: string): Promise<string>;
  /** Null unless the product runs the simulator's virtual devices. */
  readonly simulator: VirtualDeviceSwitches | null;
}
