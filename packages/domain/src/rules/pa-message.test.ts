import { describe, it, expect } from 'vitest';
import { paCharacterCounter, playCountOptions, raisePlayCount, validateStoredMessage } from './pa-message.ts';

describe('PA messages (spec 02 §5, §9)', () => {
  it("counts '{n} characters left' with warning under 100 left and error under 20 left", () => {
    expect(paCharacterCounter('')).toEqual({
      text: '350 characters left',
      colour: 'default',
      inError: false,
    });
    expect(paCharacterCounter('x'.repeat(250)).colour).toBe('default');
    expect(paCharacterCounter('x'.repeat(251)).colour).toBe('warning');
    expect(paCharacterCounter('x'.repeat(330)).colour).toBe('warning');
    expect(paCharacterCounter('x'.repeat(331)).colour).toBe('error');
  });

  it('puts the field in error only over 350 characters', () => {
    expect(paCharacterCounter('x'.repeat(350)).inError).toBe(false);
    expect(paCharacterCounter('x'.repeat(351))).toEqual({
      text: '-1 characters left',
      colour: 'error',
      inError: true,
    });
  });

  it("offers play counts from the largest unit default (at least 1) to 5, labelled '1 time', '2 times'", () => {
    expect(playCountOptions([])).toEqual([
      { value: 1, label: '1 time' },
      { value: 2, label: '2 times' },
      { value: 3, label: '3 times' },
      { value: 4, label: '4 times' },
      { value: 5, label: '5 times' },
    ]);
    expect(playCountOptions([{ defaultPlayCount: 2 }, { defaultPlayCount: 4 }]).map((o) => o.value)).toEqual([
      4, 5,
    ]);
    expect(playCountOptions([{ defaultPlayCount: 9 }]).map((o) => o.value)).toEqual([5]);
    expect(playCountOptions([{ defaultPlayCount: null }]).map((o) => o.value)[0]).toBe(1);
  });

  it('raises the selected play count to the minimum', () => {
    expect(raisePlayCount(1, [{ defaultPlayCount: 3 }])).toBe(3);
    expect(raisePlayCount(4, [{ defaultPlayCount: 3 }])).toBe(4);
  });

  it('rejects a stored message over 350 characters under Message', () => {
    expect(validateStoredMessage({ title: 't', message: 'x'.repeat(350) })).toEqual({});
    expect(validateStoredMessage({ title: 't', message: 'x'.repeat(351) })).toEqual({
      Message: 'Message must be 350 characters or fewer.',
    });
  });
});
