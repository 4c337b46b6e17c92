// The hardware feature's public edge (spec 02 §2.5; issue 16): the On-Site Hardware page (/Hardware), registered
// lazily by the app's routes; its list query, for screens that read the units.
export { getHardwareQueryOptions, useHardware } from './api/get-hardware.ts';
