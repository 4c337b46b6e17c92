// Toast auto-hide rule (spec 01 §4 'Toast', §9 'Toast and tables').

/** Milliseconds per header character (spec 01 §9). */
export const TOAST_MS_PER_CHARACTER = 80;
/** Shortest auto-hide duration in milliseconds (spec 01 §9). */
export const TOAST_MIN_DURATION_MS = 3000;

/** Auto-hide duration in ms: the larger of 80 ms × header length and 3000 ms (spec 01 §4 'Toast'). */
export function toastDuration(header: string): number {
  return Math.max(TOAST_MS_PER_CHARACTER * header.length, TOAST_MIN_DURATION_MS);
}
