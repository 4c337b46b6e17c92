// Elapsed-time text (spec 01 §9 'Elapsed-time text'; 'Image updated {n} min ago', spec 01 §2).

/** Under this many minutes the text is in minutes (spec 01 §9). */
export const ELAPSED_MINUTES_LIMIT = 90;
/** Under this many hours the text is in hours (spec 01 §9). */
export const ELAPSED_HOURS_LIMIT = 36;

/** Whole minutes, hours or days between two epoch-ms times, floored; a future time counts as 0 (spec 01 §9). */
export function elapsedParts(from: number, now: number): { value: number; unit: 'min' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((now - from) / 60_000));
  if (minutes < ELAPSED_MINUTES_LIMIT) return { value: minutes, unit: 'min' };
  const hours = Math.floor(minutes / 60);
  if (hours < ELAPSED_HOURS_LIMIT) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

/** Text '{n} min ago' under 90 minutes, '{n} hour(s) ago' under 36 hours, else '{n} day(s) ago'; times in epoch ms (spec 01 §9; wording ours, after 'Image updated {n} min ago'). */
export function elapsedTimeText(from: number, now: number): string {
  const { value, unit } = elapsedParts(from, now);
  if (unit === 'min') return `${value} min ago`;
  return `${value} ${unit}${value === 1 ? '' : 's'} ago`;
}
