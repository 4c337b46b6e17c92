// Keeping the raw readings bounded (issue 17 'Data that lasts'). On PostgreSQL the readings table is partitioned by
// month (migration 0009): the partitions of the current month and PARTITION_MONTHS_AHEAD more are made ahead, and a
// month's partition is dropped once its last instant is older than the retention, which costs nothing like deleting
// its rows. On PGlite (one table) the readings older than the retention are deleted. The 15-minute and hourly
// rollups are pruned by their own retention; daily rollups are kept. Runs at start and then hourly from the
// observation cycle.
import type { Database } from '../../db/client.ts';
import {
  PARTITION_MONTHS_AHEAD,
  RAW_READINGS_RETENTION_DAYS,
  ROLLUP_15M_RETENTION_DAYS,
  ROLLUP_HOURLY_RETENTION_DAYS,
} from './readings.ts';
import { ReadingsMaintenanceRepository } from './readings.repository.ts';

const DAY_MS = 86_400_000;

export interface ReadingsRetention {
  rawDays: number;
  quarterHourDays: number;
  hourlyDays: number;
}

export const DEFAULT_READINGS_RETENTION: ReadingsRetention = {
  rawDays: RAW_READINGS_RETENTION_DAYS,
  quarterHourDays: ROLLUP_15M_RETENTION_DAYS,
  hourlyDays: ROLLUP_HOURLY_RETENTION_DAYS,
};

/** 'YYYY-MM' of the UTC month holding t, moved by `add` months. */
export function monthOf(t: Date, add = 0): string {
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + add, 1)).toISOString().slice(0, 7);
}

/** The first instant after a 'YYYY-MM' month. */
function monthEnd(month: string): Date {
  const d = new Date(`${month}-01T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

export interface MaintenanceOutcome {
  partitioned: boolean;
  created: string[];
  dropped: string[];
}

/**
 * Makes the partitions from `from`'s month (default: now's) to PARTITION_MONTHS_AHEAD months ahead, drops those
 * past the raw retention and prunes what the retention of each grain leaves.
 */
export async function maintainReadings(
  db: Database,
  now: Date,
  retention: ReadingsRetention = DEFAULT_READINGS_RETENTION,
  from: Date = now,
): Promise<MaintenanceOutcome> {
  const repo = new ReadingsMaintenanceRepository(db);
  const partitioned = await repo.partitioned();
  const rawCutoff = new Date(now.getTime() - retention.rawDays * DAY_MS);
  const created: string[] = [];
  const dropped: string[] = [];
  if (partitioned) {
    const existing = new Set(await repo.partitionMonths());
    for (let m = monthOf(from); m <= monthOf(now, PARTITION_MONTHS_AHEAD); m = monthOf(monthEnd(m))) {
      if (existing.has(m) || monthEnd(m) <= rawCutoff) continue;
      await repo.createPartition(m);
      created.push(m);
    }
    for (const m of existing) {
      if (monthEnd(m) > rawCutoff) continue;
      await repo.dropPartition(m);
      dropped.push(m);
    }
  }
  await repo.deleteReadingsBefore(rawCutoff, partitioned);
  await repo.pruneRollups(
    new Date(now.getTime() - retention.quarterHourDays * DAY_MS),
    new Date(now.getTime() - retention.hourlyDays * DAY_MS),
  );
  return { partitioned, created, dropped };
}
