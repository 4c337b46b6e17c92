// What a message says decides how urgently it goes: a person on a field waiting for a lightning delay is never
// held behind a storm's forecasts to the same address. Pure: read from the event as the engines build it.
import type { AlertEvent, AlertEventKind } from '../../platform/alerts.ts';

/**
 * life-safety: someone must act now (a lightning delay, a siren that failed to sound a warning, a lightning policy);
 * never held by a rate limit, first in the queue. warning: an all-clear or a warning to heed. information: the rest.
 */
export type MessagePriority = 'life-safety' | 'warning' | 'information';

/** The event fields a priority is read from. */
export type PrioritySource = Pick<AlertEvent, 'kind' | 'details' | 'policyTypeShortName'>;

/** Lightning radius policies (LR1..LR4): a breach is a lightning delay, as critical as the engine's own. */
const LIGHTNING_POLICY = /^LR\d$/;

/** The priority of a message from its kind (exhaustive: a new kind fails to compile until it is classified). */
export function priorityOf(event: PrioritySource): MessagePriority {
  const kind: AlertEventKind = event.kind;
  switch (kind) {
    case 'lightning-delay':
      return 'life-safety';
    case 'siren-fault':
      // a siren that did not sound a warning leaves people outside during a delay; a failed all-clear or test does not
      return event.details.commandKind === 'warning' ? 'life-safety' : 'warning';
    case 'policy-warning':
    case 'policy-realert':
      return LIGHTNING_POLICY.test(event.policyTypeShortName ?? '') ? 'life-safety' : 'warning';
    case 'lightning-all-clear':
    case 'policy-all-clear':
    case 'nws-alert':
      return 'warning';
    case 'proactive-forecast':
    case 'drill-report':
    case 'account-invite':
    case 'contact-welcome':
    case 'password-changed':
    case 'consultation-request':
    case 'daily-forecast':
    case 'report-ready':
      return 'information';
    default:
      return unclassified(kind);
  }
}

function unclassified(kind: never): never {
  throw new Error(`message kind ${String(kind)} has no priority`);
}

/** pg-boss job priority (higher is fetched first) of each message priority. */
export const JOB_PRIORITY: Record<MessagePriority, number> = {
  'life-safety': 20,
  warning: 10,
  information: 0,
};
