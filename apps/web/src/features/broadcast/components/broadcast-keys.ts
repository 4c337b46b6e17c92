// Broadcast keyboard controls (spec 01 §2 'Broadcast-style side panel'): Space toggles play/pause; Arrow Right and
// Arrow Left step the timeline by 5 percent (the step itself is the domain's key-stepped action).
// The shortcuts act only while focus is on no control (the body or the page container): on a focused button,
// slider, field, link or anything else focusable, the key belongs to that control (Space presses the button).
import type { RadarPlaybackAction } from '@allclear/domain';

/** Keyboard help lines shown in the side panel. */
export const BROADCAST_KEYBOARD_HELP: readonly { keys: string; action: string }[] = [
  { keys: 'Space', action: 'Play / pause' },
  { keys: 'Arrow Right', action: 'Step forward 5%' },
  { keys: 'Arrow Left', action: 'Step back 5%' },
];

/** Interactive elements: focus on one of them (or inside one) means the key is the control's. */
const CONTROL_SELECTOR = [
  'button',
  'input',
  'select',
  'textarea',
  'a[href]',
  'area[href]',
  'summary',
  '[role="button"]',
  '[role="slider"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="combobox"]',
  '[role="listbox"]',
  '[role="option"]',
  '[role="menu"]',
  '[role="menuitem"]',
  '[role="tab"]',
  '[role="textbox"]',
  '[role="spinbutton"]',
  '[role="dialog"]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(', ');

/** The page containers the shortcuts belong to: the app's main region (focusable with tabindex -1 for the skip link). */
const PAGE_CONTAINER_SELECTOR = 'main, [data-shortcut-scope="page"]';

/** True when the key event's target is a control (or inside one) rather than the body or the page container. */
export function focusIsOnControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false; // window or document: no control has focus
  if (target === target.ownerDocument.body || target === target.ownerDocument.documentElement) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  const control = target.closest(CONTROL_SELECTOR);
  return control !== null && !control.matches(PAGE_CONTAINER_SELECTOR);
}

/** The playback action of a key press, or null when the key is not a broadcast control, is repeated or modified, or focus is on a control. */
export function broadcastKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'repeat'>,
): RadarPlaybackAction | null {
  if (event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (focusIsOnControl(event.target)) return null;
  if (event.key === ' ' || event.key === 'Spacebar') return { type: 'play-toggled' };
  if (event.key === 'ArrowRight') return { type: 'key-stepped', direction: 1 };
  if (event.key === 'ArrowLeft') return { type: 'key-stepped', direction: -1 };
  return null;
}
