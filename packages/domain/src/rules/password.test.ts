import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordConfirmationProblems,
  passwordLength,
  passwordProblems,
} from './password.ts';

describe('password rules (OWASP ASVS 5.0 §6.2)', () => {
  it('requires a password', () => {
    expect(passwordProblems('')).toEqual([PASSWORD_MESSAGES.required]);
  });

  it('refuses 11 characters and accepts exactly 12', () => {
    expect(passwordProblems('k3v!n-tr4ck')).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(passwordProblems('k3v!n-tr4cks')).toEqual([]);
    expect(PASSWORD_MIN_LENGTH).toBe(12);
  });

  it('accepts exactly 128 characters and refuses 129', () => {
    expect(passwordProblems('x'.repeat(127) + 'y')).toEqual([]);
    expect(passwordProblems('x'.repeat(128) + 'y')).toEqual([PASSWORD_MESSAGES.tooLong]);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('counts characters, not UTF-16 units: twelve emoji are twelve characters', () => {
    const emoji = '⛈️'.normalize('NFC');
    expect(passwordLength('🌩'.repeat(12))).toBe(12);
    expect(passwordProblems('🌩'.repeat(12))).toEqual([]);
    expect(passwordProblems('🌩'.repeat(11))).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(passwordLength(emoji)).toBe(2);
  });

  it('counts a decomposed accent as its composed character (NFC)', () => {
    const decomposed = 'e\u0301'.repeat(12);
    expect(passwordLength(decomposed)).toBe(12);
  });

  it('allows spaces and needs no mix of character classes', () => {
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
    expect(passwordProblems('lightningclearance')).toEqual([]);
  });

  it('refuses a common password, whatever its case', () => {
    expect(passwordProblems('Password1234')).toEqual([PASSWORD_MESSAGES.common]);
    expect(passwordProblems('QWERTY123456')).toEqual([PASSWORD_MESSAGES.common]);
  });

  it('refuses a password the longer list of the caller calls common, asked folded', () => {
    const asked: string[] = [];
    const isCommon = (folded: string) => (asked.push(folded), folded === 'leavemealone');
    expect(passwordProblems(' LeaveMeAlone ', { isCommon })).toEqual([PASSWORD_MESSAGES.common]);
    expect(asked).toEqual(['leavemealone']);
    expect(passwordProblems('leave me alone now', { isCommon })).toEqual([]);
  });

  it("refuses the account's e-mail address, its local part and its name", () => {
    const context = { email: 'Jordan.Fielding@example.com', names: ['Christopher Jones'] };
    expect(passwordProblems('jordan.fielding@example.com', context)).toEqual([PASSWORD_MESSAGES.personal]);
    expect(passwordProblems('JORDAN.FIELDING', context)).toEqual([PASSWORD_MESSAGES.personal]);
    expect(passwordProblems('christopherjones', context)).toEqual([PASSWORD_MESSAGES.personal]);
    expect(passwordProblems('jordan fielding at home', context)).toEqual([]);
    expect(passwordProblems('twelve chars!', { email: null, names: [null, undefined, 'Al'] })).toEqual([]);
  });

  it('never truncates: any accepted password stays accepted with a character more, up to the maximum', () => {
    fc.assert(
      fc.property(fc.string({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH - 1 }), (pw) => {
        fc.pre(passwordProblems(pw).length === 0);
        expect(passwordProblems(`${pw}§`)).toEqual([]);
      }),
    );
  });

  it('asks the confirmation to be exactly the same', () => {
    expect(passwordConfirmationProblems('abc def ghi jk', 'abc def ghi jk')).toEqual([]);
    expect(passwordConfirmationProblems('abc def ghi jk', 'abc def ghi jk ')).toEqual([
      PASSWORD_MESSAGES.mismatch,
    ]);
  });
});
