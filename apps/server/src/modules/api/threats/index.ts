// What other API modules use of threats: the reads of a location's policy warnings and NWS alerts (advisories).
export { ThreatRepository } from './threat.repository.ts';
