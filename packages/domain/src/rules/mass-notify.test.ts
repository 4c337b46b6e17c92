import { describe, it, expect } from 'vitest';
import {
  validateMassMessage,
  canSaveMassMessage,
  canSendMassMessage,
  toggleEmailChannel,
  isEmailChannelOn,
  DEFAULT_MASS_CHANNEL,
} from './mass-notify.ts';

const draft = { headline: 'H', message: 'M', senderText: 'S', recipients: [] as number[] };

describe('mass notify (spec 03 §5, §9)', () => {
  it('saves with headline, message and sender text, and sends only with a recipient too', () => {
    expect(canSaveMassMessage(draft)).toBe(true);
    expect(canSendMassMessage(draft)).toBe(false);
    expect(validateMassMessage(draft, 'send')).toEqual({ Recipients: 'Choose at least one recipient.' });
    expect(canSendMassMessage({ ...draft, recipients: [1] })).toBe(true);
    expect(validateMassMessage({ ...draft, headline: ' ', senderText: '' }, 'save')).toEqual({
      Headline: 'Headline is required.',
      SenderText: 'Sender text is required.',
    });
  });

  it('allows headline 100, message 500 and sender 100 characters and not one more', () => {
    const full = {
      ...draft,
      headline: 'h'.repeat(100),
      message: 'm'.repeat(500),
      senderText: 's'.repeat(100),
    };
    expect(canSaveMassMessage(full)).toBe(true);
    expect(
      validateMassMessage(
        { ...full, headline: 'h'.repeat(101), message: 'm'.repeat(501), senderText: 's'.repeat(101) },
        'save',
      ),
    ).toEqual({
      Headline: 'Headline must be 100 characters or fewer.',
      Message: 'Message must be 500 characters or fewer.',
      SenderText: 'Sender text must be 100 characters or fewer.',
    });
  });

  it('starts a message on both channels, e-mail on, and switching e-mail off and on again returns there', () => {
    expect(isEmailChannelOn(DEFAULT_MASS_CHANNEL)).toBe(true);
    expect(toggleEmailChannel(DEFAULT_MASS_CHANNEL)).toBe(1);
    expect(toggleEmailChannel(toggleEmailChannel(DEFAULT_MASS_CHANNEL))).toBe(DEFAULT_MASS_CHANNEL);
  });

  it('flips only the e-mail bit, push/SMS always on', () => {
    expect(isEmailChannelOn(5)).toBe(true);
    expect(toggleEmailChannel(5)).toBe(1);
    expect(toggleEmailChannel(1)).toBe(5);
    expect(toggleEmailChannel(0)).toBe(5);
    expect(isEmailChannelOn(1)).toBe(false);
  });
});
