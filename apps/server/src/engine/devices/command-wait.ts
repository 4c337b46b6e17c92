// Waiting for devices to answer (issue 16): an operator's call or a drill run queues its commands, then waits until
// each is acknowledged or expired by the gateway. The wait is bounded in real time, so a product whose gateway does
// not run (or a clock moved by hand) never holds a request: what has not settled by then counts as unanswered.
import type { CommandOutcome } from './operator-commands.repository.ts';
import { OPERATOR_COMMAND_TTL_MS, SETTLE_GRACE_MS } from './operator-commands.ts';

/** How often the outbox is read while waiting, real ms. */
const POLL_MS = 100;

/** The longest real wait for commands of the operator window: the window itself at real speed, and the grace. */
export const SETTLE_CAP_MS = OPERATOR_COMMAND_TTL_MS + SETTLE_GRACE_MS;

/**
 * Reads the commands' outcomes until none is pending or `capMs` (real) has passed; answers the last read, by id.
 * `until` may end the wait earlier (e.g. once every report has come as well).
 */
export async function awaitCommands(
  read: (ids: readonly string[]) => Promise<CommandOutcome[]>,
  ids: readonly string[],
  opts: {
    capMs?: number;
    until?: (outcomes: CommandOutcome[]) => boolean;
    /** Ends the wait at once when it answers true (a shutdown). */
    aborted?: () => boolean;
  } = {},
): Promise<Map<string, CommandOutcome>> {
  const deadline = Date.now() + (opts.capMs ?? SETTLE_CAP_MS);
  const done = opts.until ?? ((outcomes: CommandOutcome[]) => outcomes.every((o) => o.status !== 'pending'));
  let outcomes = await read(ids);
  while (!done(outcomes) && Date.now() < deadline && !opts.aborted?.()) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    outcomes = await read(ids);
  }
  return new Map(outcomes.map((o) => [o.id, o]));
}
