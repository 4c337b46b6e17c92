// Gap filling of the conditions timeline (spec 01 §5 'Conditions timeline': gaps over 30 minutes are filled at
// 15-minute steps). A rule shared by the dashboard timeline and the historical page; times are epoch ms given
// by the caller.

/** A gap longer than this is filled, ms (spec 01 §5). */
export const TIMELINE_GAP_MS = 30 * 60_000;
/** Step of the filler points, ms (spec 01 §5). */
export const TIMELINE_FILL_STEP_MS = 15 * 60_000;

/** A timeline point: epoch ms and a value (null = no reading). */
export interface TimelinePoint {
  time: number;
  value: number | null;
}

/**
 * Sorts the points by time and, wherever two neighbours are more than 30 minutes apart, inserts empty points
 * every 15 minutes after the earlier one (strictly before the later one), so the chart shows the gap as a gap.
 */
export function fillTimelineGaps(points: readonly TimelinePoint[]): TimelinePoint[] {
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const out: TimelinePoint[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev && p.time - prev.time > TIMELINE_GAP_MS) {
      for (let t = prev.time + TIMELINE_FILL_STEP_MS; t < p.time; t += TIMELINE_FILL_STEP_MS)
        out.push({ time: t, value: null });
    }
    out.push(p);
  });
  return out;
}
