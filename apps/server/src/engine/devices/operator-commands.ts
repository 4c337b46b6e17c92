// Commands of operators and drills to sirens and PA units (issue 16), without I/O: the payloads of a test, a Stop
// Test, a settings push and a PA message, and the window a device has to acknowledge each. They go through the same
// outbox as the lightning engine's commands (siren_commands; pa_commands for PA units): the gateway publishes them
// over MQTT, a device's ack marks them delivered, and one unanswered in its window expires (a siren's raising its
// fault). Success of an operator's action means the device acknowledged.
import { randomUUID } from 'node:crypto';
import type { TSirenDeviceSettings, TSirenTestType } from '@allclear/contracts';
import { testDurationSeconds, TEST_LEAD_SECONDS, type SirenTestSettings } from '@allclear/domain';

/** How long a siren or PA unit has to acknowledge an operator's or a drill's command, ms of the product's clock. */
export const OPERATOR_COMMAND_TTL_MS = 10_000;
/**
 * How long (real time) a caller waits beyond the window for the gateway to settle the commands, ms: the gateway
 * expires them on its next 1 s turn; a gateway that is not running must not hold the request.
 */
export const SETTLE_GRACE_MS = 4_000;

export type OperatorSirenCommandKind =
  'test-delay' | 'test-all-clear' | 'test-light' | 'test-stop' | 'settings';

/** A row for the siren outbox. */
export interface NewOperatorSirenCommand {
  id: string;
  sirenId: number;
  kind: OperatorSirenCommandKind;
  payload: Record<string, unknown>;
  createdAt: Date;
  expiresAt: Date;
  status: 'pending';
}

/** A row for the PA outbox. */
export interface NewPaCommand {
  id: string;
  paUnitId: number;
  customerId: number;
  payload: Record<string, unknown>;
  createdAt: Date;
  expiresAt: Date;
  status: 'pending';
}

/** Who asked: an operator (with the audit row's id), a drill run, or the after-siren announcement. */
export type CommandOrigin = { by: 'operator' } | { by: 'drill'; drillRunId: number } | { by: 'after-siren' };

export const TEST_COMMAND_KINDS: Record<TSirenTestType, OperatorSirenCommandKind> = {
  delay: 'test-delay',
  'all-clear': 'test-all-clear',
  light: 'test-light',
};

/** The test a command kind carries out, or null. */
export function testOfKind(kind: string): TSirenTestType | null {
  if (kind === 'test-delay') return 'delay';
  if (kind === 'test-all-clear') return 'all-clear';
  if (kind === 'test-light') return 'light';
  return null;
}

function base(sirenId: number, kind: OperatorSirenCommandKind, now: Date, extra: Record<string, unknown>) {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + OPERATOR_COMMAND_TTL_MS);
  return {
    id,
    sirenId,
    kind,
    createdAt: now,
    expiresAt,
    status: 'pending' as const,
    payload: {
      commandId: id,
      sirenId,
      kind,
      ...extra,
      issuedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

/**
 * A test command (spec 02 §4 'Tests'): Delay sounds the warning (duration × frequency) with the strobe, All Clear the
 * all-clear sound, Light the strobe alone; `durationSeconds` is the §9 duration the card shows it running.
 */
export function sirenTestCommand(
  siren: SirenTestSettings & { id: number },
  test: TSirenTestType,
  now: Date,
  origin: CommandOrigin,
): NewOperatorSirenCommand {
  const sound =
    test === 'light'
      ? null
      : test === 'delay'
        ? {
            durationSeconds: siren.duration,
            frequency: siren.frequency,
            totalSeconds: siren.duration * siren.frequency,
          }
        : {
            durationSeconds: siren.allClearDuration,
            frequency: siren.allClearFrequency,
            totalSeconds: siren.allClearDuration * siren.allClearFrequency,
          };
  return base(siren.id, TEST_COMMAND_KINDS[test], now, {
    test: true,
    sound,
    strobe: test !== 'all-clear',
    leadSeconds: test === 'light' ? 0 : TEST_LEAD_SECONDS,
    durationSeconds: testDurationSeconds(test, siren),
    origin,
  });
}

/** Stop Test: the siren turns its test sound and light off (spec 02 §4 'Stop Test sends a turn-off call'). */
export function sirenStopCommand(sirenId: number, now: Date, origin: CommandOrigin): NewOperatorSirenCommand {
  return base(sirenId, 'test-stop', now, { origin });
}

/** The settings a siren is to hold (PATCH Hardware/OWS/Settings, pushed by the gateway). */
export function sirenSettingsCommand(
  sirenId: number,
  settings: TSirenDeviceSettings,
  now: Date,
): NewOperatorSirenCommand {
  return base(sirenId, 'settings', now, { settings, origin: { by: 'operator' } });
}

/** A PA message for one unit, played `repeatCount` times, `afterSeconds` after it arrives (after a siren's sound). */
export function paMessageCommand(
  unit: { id: number; customerId: number },
  message: { text: string; repeatCount: number; afterSeconds?: number },
  now: Date,
  origin: CommandOrigin,
): NewPaCommand {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + OPERATOR_COMMAND_TTL_MS);
  return {
    id,
    paUnitId: unit.id,
    customerId: unit.customerId,
    createdAt: now,
    expiresAt,
    status: 'pending',
    payload: {
      commandId: id,
      paUnitId: unit.id,
      message: message.text,
      repeatCount: message.repeatCount,
      afterSeconds: message.afterSeconds ?? 0,
      origin,
      issuedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

/**
 * The announcement after a siren's sound (spec 02 §3 'Hardware' afterSirenPaId, 'Siren detail' postWarnMessage and
 * postAllClearMessage): after a warning the unit's stored after-siren message, else the siren's post-warning text;
 * after an all-clear its post-all-clear text; played once the sound has ended. Null when there is nothing to say.
 */
export function afterSirenAnnouncement(input: {
  kind: string;
  soundSeconds: number;
  afterSirenMessage: string | null;
  postWarnMessage: string | null;
  postAllClearMessage: string | null;
}): { text: string; afterSeconds: number } | null {
  const text =
    input.kind === 'warning'
      ? (input.afterSirenMessage ?? input.postWarnMessage)
      : input.kind === 'all-clear'
        ? input.postAllClearMessage
        : null;
  if (!text || text.trim() === '') return null;
  return { text, afterSeconds: input.soundSeconds };
}
