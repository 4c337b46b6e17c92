// Which radar frame a timeline position shows, and the time label under the slider.
import dayjs from 'dayjs';

/** Frame index (0-based, oldest first) shown at progress 0..100 of a list of frameCount frames; −1 for none. */
export function frameIndexForProgress(progress: number, frameCount: number): number {
  if (frameCount <= 0) return -1;
  // round, not floor: PLAY advances by 100/frameCount, and 3 × (100/3) must land on frame 3, not 2.999 → 2.
  return Math.min(frameCount - 1, Math.max(0, Math.round((progress / 100) * frameCount)));
}

/** The time label of a frame: local 'h:mm A' ('3:05 PM'); '--' before frames load. */
export function frameTimeLabel(iso: string | null): string {
  return iso ? dayjs(iso).format('h:mm A') : '--';
}

/** An absolute URL of a same-origin path, as MapLibre sources need; tile templates keep their literal {z}/{x}/{y}. */
export function absoluteUrl(path: string, origin = window.location.origin): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
