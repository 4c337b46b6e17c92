// A message's priority from what it says: the edges between life-safety, warnings and information.
import { describe, expect, it } from 'vitest';
import { priorityOf, type PrioritySource } from './priority.ts';

const message = (kind: PrioritySource['kind'], more: Partial<PrioritySource> = {}): PrioritySource => ({
  kind,
  details: {},
  policyTypeShortName: null,
  ...more,
});

describe('priorityOf', () => {
  it('a lightning delay start, in any zone, is life-safety', () => {
    expect(priorityOf(message('lightning-delay', { details: { zone: 4 } }))).toBe('life-safety');
  });

  it('a siren that failed to sound a warning is life-safety; one that failed an all-clear or a test is a warning', () => {
    expect(priorityOf(message('siren-fault', { details: { commandKind: 'warning' } }))).toBe('life-safety');
    expect(priorityOf(message('siren-fault', { details: { commandKind: 'all-clear' } }))).toBe('warning');
    expect(priorityOf(message('siren-fault', { details: { commandKind: 'test-delay' } }))).toBe('warning');
  });

  it('a lightning radius policy (LR1..LR4) is life-safety, its warning and re-alerts alike; any other policy a warning', () => {
    for (const kind of ['policy-warning', 'policy-realert'] as const) {
      expect(priorityOf(message(kind, { policyTypeShortName: 'LR1' }))).toBe('life-safety');
      expect(priorityOf(message(kind, { policyTypeShortName: 'LR4' }))).toBe('life-safety');
      expect(priorityOf(message(kind, { policyTypeShortName: 'HEAT' }))).toBe('warning');
      expect(priorityOf(message(kind, { policyTypeShortName: 'LRX' }))).toBe('warning');
    }
  });

  it('all-clears and NWS alerts are warnings, even of a lightning policy', () => {
    expect(priorityOf(message('lightning-all-clear'))).toBe('warning');
    expect(priorityOf(message('policy-all-clear', { policyTypeShortName: 'LR1' }))).toBe('warning');
    expect(priorityOf(message('nws-alert'))).toBe('warning');
  });

  it('forecasts, reports, invites and the daily forecast are information', () => {
    for (const kind of [
      'proactive-forecast',
      'daily-forecast',
      'report-ready',
      'drill-report',
      'account-invite',
      'contact-welcome',
      'password-changed',
      'consultation-request',
    ] as const)
      expect(priorityOf(message(kind))).toBe('information');
  });
});
