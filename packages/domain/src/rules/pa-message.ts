// Public-address message text counter, play counts and stored-message checks (spec 02 §5, §9).

/** Custom PA text and stored message limit, characters (spec 02 §5, §9). */
export const PA_MESSAGE_MAX_LENGTH = 350;
/** Largest play count (spec 02 §9). */
export const PA_MAX_PLAY_COUNT = 5;

export type CounterColour = 'default' | 'warning' | 'error';

/** The counter under a PA text: '{n} characters left', warning under 100 left, error under 20 left, field in error over 350 (spec 02 §5). */
export function paCharacterCounter(text: string): { text: string; colour: CounterColour; inError: boolean } {
  const left = PA_MESSAGE_MAX_LENGTH - text.length;
  const colour: CounterColour = left < 20 ? 'error' : left < 100 ? 'warning' : 'default';
  return { text: `${left} characters left`, colour, inError: text.length > PA_MESSAGE_MAX_LENGTH };
}

/** Play-count options from the largest default play count of the selected units (at least 1) to 5, labelled '1 time', '2 times', ... (spec 02 §5). */
export function playCountOptions(
  units: readonly { defaultPlayCount?: number | null }[],
): { value: number; label: string }[] {
  const min = minimumPlayCount(units);
  const out: { value: number; label: string }[] = [];
  for (let n = min; n <= PA_MAX_PLAY_COUNT; n++)
    out.push({ value: n, label: `${n} ${n === 1 ? 'time' : 'times'}` });
  return out;
}

/** The smallest play count offered: the largest default play count of the selected units, within 1..5 (spec 02 §5). */
export function minimumPlayCount(units: readonly { defaultPlayCount?: number | null }[]): number {
  const largest = units.reduce((max, u) => Math.max(max, u.defaultPlayCount ?? 0), 1);
  return Math.min(PA_MAX_PLAY_COUNT, largest);
}

/** The selected play count raised to the minimum (spec 02 §5 'the selected count rises to that minimum'). */
export function raisePlayCount(
  selected: number,
  units: readonly { defaultPlayCount?: number | null }[],
): number {
  return Math.max(selected, minimumPlayCount(units));
}

/** Stored PA message errors keyed by the server's fields: Message over 350 characters (spec 02 §5 'Stored PA message'; text ours). */
export function validateStoredMessage(input: { title: string; message: string }): { Message?: string } {
  return input.message.length > PA_MESSAGE_MAX_LENGTH
    ? { Message: `Message must be ${PA_MESSAGE_MAX_LENGTH} characters or fewer.` }
    : {};
}
