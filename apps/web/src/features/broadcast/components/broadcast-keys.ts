// Broadcast keyboard controls (spec 01 §2 'Broadcast-style side panel'): Space toggles play/pause; Arrow Right and
// Arrow Left step the timeline by 5 percent (the step itself is the domain's key-stepped action).
import type { RadarPlaybackAction } from '@allclear/domain';

/** Keyboard help lines shown in the side panel. */
export const BROADCAST_KEYBOARD_HELP: readonly { keys: string; action: string }[] = [
  { keys: 'Space', action: 'Play / pause' },
  { keys: 'Arrow Right', action: 'Step forward 5%' },
  { keys: 'Arrow Left', action: 'Step back 5%' },
];

/** True for elements where the key belongs to typing or to the focused control. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type))
    return true;
  // A focused slider moves itself with the arrows.
  return key.startsWith('Arrow') && target.closest('[role="slider"], input[type="radio"]') !== null;
}

/** The playback action of a key press, or null when the key is not a broadcast control or belongs to a field. */
export function broadcastKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): RadarPlaybackAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey || ownsKey(event.target, event.key)) return null;
  if (event.key === ' ' || event.key === 'Spacebar') return { type: 'play-toggled' };
  if (event.key === 'ArrowRight') return { type: 'key-stepped', direction: 1 };
  if (event.key === 'ArrowLeft') return { type: 'key-stepped', direction: -1 };
  return null;
}
