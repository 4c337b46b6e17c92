// What leaves the server of a unit (issue 16): the spec's Hardware fields (spec 02 §3), its siren, station, relays and
// PA units, the test it is running, an unanswered command (a fault), its last drill, the reason of a disable and what
// the caller may do with it.
import type {
  THardware,
  THardwareAuditEntry,
  THardwareLastDrill,
  TSirenDetail,
  TSirenDeviceSettings,
  TSirenRunningTest,
} from '@allclear/contracts';
import {
  formatLocalTime,
  hardwarePolicy,
  isKnownTimeZone,
  testDurationSeconds,
  testEndsByItself,
  timeZoneAt,
  type HardwareModel,
} from '@allclear/domain';
import { testOfKind } from '../../../engine/devices/operator-commands.ts';
import { sirenFaultMessage } from '../../../engine/lightning/messages.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { AuditRow, HardwareDetail, HardwareRow, SirenRow } from './hardware.repository.ts';

/** The unit's configured zone when Intl knows it, else the zone at its position. */
export function unitTimeZone(unit: Pick<HardwareRow, 'timeZoneId' | 'latitude' | 'longitude'>): string {
  return isKnownTimeZone(unit.timeZoneId) ? unit.timeZoneId : timeZoneAt(unit.latitude, unit.longitude);
}

function runningTest(d: HardwareDetail, now: Date): TSirenRunningTest | null {
  const command = d.lastTestCommand;
  if (!command || !d.siren) return null;
  const type = testOfKind(command.kind);
  if (!type) return null;
  const stated = (command.payload as { durationSeconds?: unknown } | null)?.durationSeconds;
  const durationSeconds = typeof stated === 'number' ? stated : testDurationSeconds(type, d.siren);
  const endsByItself = testEndsByItself(type);
  // All Clear ends by itself when its timer finishes (spec 02 §4)
  if (endsByItself && command.deliveredAt.getTime() + durationSeconds * 1000 <= now.getTime()) return null;
  return { type, startedAt: command.deliveredAt.toISOString(), durationSeconds, endsByItself };
}

function lastDrill(d: HardwareDetail): THardwareLastDrill | null {
  const run = d.lastDrillRun;
  if (!run || !d.siren || !run.outcome) return null;
  const results = Array.isArray(run.results)
    ? (run.results as { sirenId?: unknown; outcome?: unknown }[])
    : [];
  const mine = results.find((r) => r.sirenId === d.siren!.id);
  const sirenOutcome =
    mine?.outcome === 'answered' || mine?.outcome === 'no-answer' || mine?.outcome === 'skipped'
      ? mine.outcome
      : 'skipped';
  return {
    drillId: run.drillId,
    runId: run.runId,
    at: run.startedAt.toISOString(),
    testType: testOfKind(`test-${run.testType}`) ?? 'delay',
    outcome: run.outcome as THardwareLastDrill['outcome'],
    sirenOutcome,
    summary: run.summary ?? '',
  };
}

/** A unit as the hardware page shows it. */
export function presentHardware(d: HardwareDetail, p: Principal, now: Date): THardware {
  const { unit, siren } = d;
  const zone = unitTimeZone(unit);
  const unanswered = d.unansweredCommand;
  return {
    id: unit.id,
    name: unit.name,
    modelId: unit.modelId as HardwareModel,
    voltage: unit.voltage,
    connectedAt: unit.connectedAt?.toISOString() ?? null,
    timeZoneId: unit.timeZoneId,
    enabled: unit.enabled,
    latitude: unit.latitude,
    longitude: unit.longitude,
    ipAddress: unit.ipAddress,
    afterSirenPaId: unit.afterSirenPaId,
    organizationLocationId: unit.organizationLocationId,
    locationName: d.locationName,
    siren: siren
      ? {
          id: siren.id,
          enabled: siren.enabled,
          radius: siren.radius,
          duration: siren.duration,
          frequency: siren.frequency,
          allClearDuration: siren.allClearDuration,
          allClearFrequency: siren.allClearFrequency,
        }
      : null,
    weatherStation: d.station,
    relayCount: d.relayCount,
    paUnits: d.paUnits,
    test: runningTest(d, now),
    fault: unanswered
      ? {
          at: unanswered.expiresAt.toISOString(),
          text: sirenFaultMessage({
            sirenName: unit.name,
            kind: unanswered.kind,
            createdAt: unanswered.createdAt,
            expiresAt: unanswered.expiresAt,
            timeZone: zone,
          }).body,
        }
      : null,
    lastDrill: lastDrill(d),
    disabled: d.disabledBy
      ? { reason: d.disabledBy.reason ?? '', by: d.disabledBy.actorName, at: d.disabledBy.at.toISOString() }
      : null,
    abilities: hardwarePolicy.abilities(p, { customerId: unit.customerId }),
  };
}

/** A siren's detail (spec 02 §3 'Siren detail'). */
export function presentSiren(
  siren: SirenRow,
  unit: HardwareRow,
  locationName: string | null,
  times: { id: number; day: number; startTime: string; endTime: string; allDay: boolean; enabled: boolean }[],
): TSirenDetail {
  return {
    id: siren.id,
    hardwareId: unit.id,
    name: unit.name,
    locationName,
    enabled: siren.enabled,
    radius: siren.radius,
    allClearMinutes: siren.allClearMinutes,
    duration: siren.duration,
    frequency: siren.frequency,
    allClearDuration: siren.allClearDuration,
    allClearFrequency: siren.allClearFrequency,
    postWarnMessage: siren.postWarnMessage,
    postAllClearMessage: siren.postAllClearMessage,
    ipAddress: unit.ipAddress,
    timeZoneId: unit.timeZoneId,
    afterSirenPaId: unit.afterSirenPaId,
    alertTimes: times.map(({ id, day, startTime, endTime, allDay, enabled }) => ({
      id,
      day,
      startTime,
      endTime,
      allDay,
      enabled,
    })),
    settingsVersion: siren.settingsVersion,
    reported:
      siren.reportedSettings && siren.settingsReportedAt
        ? {
            settings: siren.reportedSettings as TSirenDeviceSettings,
            at: siren.settingsReportedAt.toISOString(),
          }
        : null,
  };
}

const ACTION_TEXTS: Record<string, string> = {
  'hardware-disabled': 'Disabled the unit',
  'hardware-enabled': 'Enabled the unit',
  'siren-disabled': 'Disabled the OWS',
  'siren-enabled': 'Enabled the OWS',
  'test-delay': 'Delay test',
  'test-all-clear': 'All Clear test',
  'test-light': 'Light test',
  'test-stop': 'Stop Test',
  settings: 'Changed the OWS settings',
  'relay-on': 'Switched a relay on',
  'relay-off': 'Switched a relay off',
  'pa-message': 'Sent a PA message',
  'drill-scheduled': 'Scheduled a drill',
  'drill-deleted': 'Deleted a drill',
  drill: 'Drill',
};

/** One line of a unit's audit. */
export function presentAudit(row: AuditRow, zone: string): THardwareAuditEntry {
  const details = (row.details ?? {}) as { relay?: unknown; automation?: unknown; message?: unknown };
  let text = ACTION_TEXTS[row.action] ?? row.action;
  if ((row.action === 'relay-on' || row.action === 'relay-off') && typeof details.relay === 'string')
    text = `Switched ${details.relay} ${row.action === 'relay-on' ? 'on' : 'off'}${details.automation ? ' (automation)' : ' (manual override)'}`;
  if (row.action === 'pa-message' && typeof details.message === 'string')
    text = `PA message: "${details.message}"`;
  return {
    id: row.id,
    action: row.action,
    text: `${text} (${formatLocalTime(row.at, zone, { withDate: true })})`,
    reason: row.reason,
    actorName: row.actorName,
    at: row.at.toISOString(),
    outcome: row.outcome === 'ok' || row.outcome === 'failed' ? row.outcome : null,
  };
}
