// Ending a policy's warnings before their all-clear period runs out: the policy was deleted or edited (the API
// calls this in the same transaction as the write), or a stricter policy of the type now governs (the engine).
// A warning always names the policy and threshold that raised it, so it ends with them rather than being carried
// on under another policy; its all-clear goes out only when its warning reached someone.
import type { EnqueueAlert, Tx } from '../contracts.ts';
import { policyEndedMessage, type PolicyEndReason } from './messages.ts';
import { policyAlertEvent, warningText } from './policy-decisions.ts';
import { PolicyRepository, type ConditionRow, type PolicyRow, type WarningRow } from './policy.repository.ts';

/** Ends one warning at `now` (its policy's row as it was when the warning ran); closes it only when it was sent. */
export async function endWarning(
  tx: Tx,
  enqueueAlert: EnqueueAlert,
  ending: {
    warning: WarningRow;
    policy: PolicyRow;
    condition: ConditionRow | undefined;
    reason: PolicyEndReason;
    now: Date;
  },
): Promise<void> {
  const { warning: w, condition, now } = ending;
  const repo = new PolicyRepository(tx);
  await repo.updateWarning(tx, w.id, { endedAt: now, lastUpdateAt: now });
  if (!condition || !(await repo.wasNotified(w.correlationId))) return;
  // the threshold the warning was raised at, not an edit's new one
  const policy = { ...ending.policy, threshold: w.threshold };
  const text = warningText(condition, policy, w.value, { value: w.peakValue, at: w.peakAt });
  await enqueueAlert(
    tx,
    policyAlertEvent({
      kind: 'policy-all-clear',
      correlationId: w.correlationId,
      message: policyEndedMessage(text, ending.reason, now),
      condition,
      policy,
      value: w.value,
      policyIds: [policy.id],
      now,
    }),
  );
}

/** Ends every active warning `policyId` raised, before the policy is deleted or changed in the same transaction. */
export async function endWarningsOfPolicy(
  tx: Tx,
  enqueueAlert: EnqueueAlert,
  policyId: number,
  reason: 'deleted' | 'changed',
  now: Date,
): Promise<void> {
  const repo = new PolicyRepository(tx);
  const [policy] = await repo.listPolicies(policyId);
  if (!policy) return;
  const warnings = await repo.activeWarningsOf(policyId);
  if (warnings.length === 0) return;
  const conditions = new Map(
    (await repo.listConditions(warnings.map((w) => w.locationId))).map((c) => [c.locationId, c]),
  );
  for (const warning of warnings)
    await endWarning(tx, enqueueAlert, {
      warning,
      policy,
      condition: conditions.get(warning.locationId),
      reason,
      now,
    });
}
