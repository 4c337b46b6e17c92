// Mass notification form: limits, save and send rules, channel bits (spec 03 §5, §9).

/** Field limits, characters (spec 03 §5, §9). */
export const MASS_HEADLINE_MAX = 100;
export const MASS_MESSAGE_MAX = 500;
export const MASS_SENDER_MAX = 100;
/** Counter text under the message (spec 03 §5). */
export const MASS_MESSAGE_COUNTER_TEXT = '500 CHARACTER LIMIT';
/** Channel bits: push/SMS always on (1), e-mail (4); default 5 = both (spec 03 §5). */
export const PUSH_SMS_CHANNEL_BIT = 1;
export const EMAIL_CHANNEL_BIT = 4;
export const DEFAULT_MASS_CHANNEL = 5;
/** overridePreferences starts off; the form warns while it is on (spec 03 §5). */
export const DEFAULT_OVERRIDE_PREFERENCES = false;

export interface MassMessageDraft {
  headline: string;
  message: string;
  senderText: string;
  recipients: readonly unknown[];
}

export type MassMessageField = 'Headline' | 'Message' | 'SenderText' | 'Recipients';

/** Errors of a save ('save') or send ('send'), keyed by the server's field names; texts ours (spec 03 §5 'Mass notify'). */
export function validateMassMessage(
  draft: MassMessageDraft,
  intent: 'save' | 'send',
): Partial<Record<MassMessageField, string>> {
  const errors: Partial<Record<MassMessageField, string>> = {};
  const check = (field: MassMessageField, value: string, max: number, label: string) => {
    if (value.trim().length === 0) errors[field] = `${label} is required.`;
    else if (value.length > max) errors[field] = `${label} must be ${max} characters or fewer.`;
  };
  check('Headline', draft.headline, MASS_HEADLINE_MAX, 'Headline');
  check('Message', draft.message, MASS_MESSAGE_MAX, 'Message');
  check('SenderText', draft.senderText, MASS_SENDER_MAX, 'Sender text');
  if (intent === 'send' && draft.recipients.length === 0)
    errors.Recipients = 'Choose at least one recipient.';
  return errors;
}

/** Save needs headline, message and sender text non-empty within limits (spec 03 §5). */
export function canSaveMassMessage(draft: MassMessageDraft): boolean {
  return Object.keys(validateMassMessage(draft, 'save')).length === 0;
}

/** Send also needs at least one recipient (spec 03 §5). */
export function canSendMassMessage(draft: MassMessageDraft): boolean {
  return Object.keys(validateMassMessage(draft, 'send')).length === 0;
}

/** The e-mail toggle flips the e-mail bit; push/SMS stays on (spec 03 §5). */
export function toggleEmailChannel(channel: number): number {
  return (channel ^ EMAIL_CHANNEL_BIT) | PUSH_SMS_CHANNEL_BIT;
}

/** True when the e-mail bit is set (spec 03 §5). */
export function isEmailChannelOn(channel: number): boolean {
  return (channel & EMAIL_CHANNEL_BIT) !== 0;
}
