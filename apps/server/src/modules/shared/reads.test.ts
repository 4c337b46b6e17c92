// Which bus event drops which kept answers (reads.ts): the policy cycle's 'warnings-changed' drops the policy warnings'
// answers, the advisories' or both, as it says it wrote them; nothing when it says neither.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createLocalBus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import { readTags } from './read-tags.ts';
import { createApiReads } from './reads.ts';

describe('createApiReads', () => {
  it("drops the policy warnings' answers or the advisories' by what 'warnings-changed' says was written", async () => {
    const bus = createLocalBus();
    const reads = createApiReads(undefined as unknown as Database, bus, new ManualClock());
    const keepBoth = async () => {
      await reads.cache.get('policyWarnings:1', 60_000, [readTags.warnings], async () => 'warnings');
      await reads.cache.get('advisoryList:1', 60_000, [readTags.advisories], async () => 'advisories');
    };
    const kept = () => ({
      warnings: reads.cache.peek('policyWarnings:1', 60_000, [], async () => 'read again') !== undefined,
      advisories: reads.cache.peek('advisoryList:1', 60_000, [], async () => 'read again') !== undefined,
    });
    const at = new Date();

    await keepBoth();
    bus.publish('warnings-changed', { at, policyWarnings: true, advisories: false });
    expect(kept()).toEqual({ warnings: false, advisories: true });

    await keepBoth();
    bus.publish('warnings-changed', { at, policyWarnings: false, advisories: true });
    expect(kept()).toEqual({ warnings: true, advisories: false });

    await keepBoth();
    bus.publish('warnings-changed', { at, policyWarnings: true, advisories: true });
    expect(kept()).toEqual({ warnings: false, advisories: false });

    await keepBoth();
    bus.publish('warnings-changed', { at, policyWarnings: false, advisories: false });
    expect(kept()).toEqual({ warnings: true, advisories: true });
    reads.close();
  });
});
