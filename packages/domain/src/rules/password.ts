// Password rules of every password a user sets (the invite's set-password page now; change password later),
// after OWASP ASVS 5.0 §6.2 'Password security': at least 12 characters and at most 128, counted as Unicode code
// points after NFC normalisation, every character allowed (spaces and emoji too), no composition rules, never
// truncated; refused when it is one of the most common passwords or the account's own e-mail address or name.

/** Fewest characters a password may have (ASVS 5.0 6.2.1 asks for at least 8; we take 12). */
export const PASSWORD_MIN_LENGTH = 12;
/** Most characters a password may have (ASVS 5.0 6.2.9: at least 64 must be allowed). */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'Password is required.',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common. Choose another one.',
  personal: 'The password must not be your e-mail address or your name.',
  mismatch: 'The passwords do not match.',
  sameAsCurrent: 'The new password must be different from the current one.',
} as const;

/**
 * Common passwords long enough to pass the length rule (ASVS 5.0 6.2.4 'checked against a set of breached
 * passwords'): the 12-character and longer entries of the well-known top lists. Compared case-insensitively.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789101',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'qwertyuiopas',
  'qwertyuiop123',
  'qwerty123456',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'iloveyou1234',
  'administrator',
  'letmein12345',
  'welcome12345',
  'abcdefghijkl',
  'aaaaaaaaaaaa',
  '000000000000',
  '111111111111',
  'changeme1234',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'trustno1trustno1',
  'allclear1234',
  'allclearallclear',
]);

/** A password's length in characters: Unicode code points after NFC normalisation (ASVS 5.0 6.2.1). */
export function passwordLength(password: string): number {
  return [...password.normalize('NFC')].length;
}

/** What the password is checked against besides itself: the account's e-mail address and names. */
export interface PasswordContext {
  email?: string | null;
  names?: readonly (string | null | undefined)[];
  /**
   * A longer list of common passwords than ours (the server's, shipped by a package; issue 15), asked with the
   * password NFC-normalised, trimmed and lower-cased.
   */
  isCommon?: (folded: string) => boolean;
}

/**
 * The problems of a new password, in the order a user should fix them (empty when it may be set): required, at
 * least PASSWORD_MIN_LENGTH and at most PASSWORD_MAX_LENGTH characters, not a common password, not the account's
 * e-mail address (or its part before '@') or name.
 */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  if (password.length === 0) return [PASSWORD_MESSAGES.required];
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return [PASSWORD_MESSAGES.tooShort];
  if (length > PASSWORD_MAX_LENGTH) return [PASSWORD_MESSAGES.tooLong];
  const folded = password.normalize('NFC').trim().toLowerCase();
  if (COMMON_PASSWORDS.has(folded) || context.isCommon?.(folded)) return [PASSWORD_MESSAGES.common];
  const email = context.email?.trim().toLowerCase();
  const personal = [
    email,
    email?.split('@')[0],
    ...(context.names ?? []).map((n) => n?.trim().toLowerCase()),
  ].filter((v): v is string => Boolean(v && v.length >= 3));
  const squashed = folded.replace(/\s+/g, '');
  if (personal.some((p) => folded === p || squashed === p.replace(/\s+/g, '')))
    return [PASSWORD_MESSAGES.personal];
  return [];
}

/** The confirmation's problem: the two entries must be the same, exactly (no trimming). */
export function passwordConfirmationProblems(password: string, confirmation: string): string[] {
  return password === confirmation ? [] : [PASSWORD_MESSAGES.mismatch];
}
