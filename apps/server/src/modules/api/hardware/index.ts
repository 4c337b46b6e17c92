// The hardware module's public edge (issue 16): what the relay, PA and drill modules use of it.
export { HardwareRepository, type HardwareRow, type SirenRow } from './hardware.repository.ts';
export { unitTimeZone } from './hardware.presenter.ts';
