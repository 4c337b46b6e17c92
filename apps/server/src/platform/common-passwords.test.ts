import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblems } from '@allclear/domain';
import { commonPasswordCheck, commonPasswords } from './common-passwords.ts';

describe('common passwords of the package (ASVS 5.0 6.2.4)', () => {
  it('keeps only the entries the length rule lets through, lower-cased', async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThan(200);
    for (const p of list) expect(p.length).toBeGreaterThanOrEqual(12);
  });

  it("refuses one of the package's list that the domain's own list does not hold, whatever its case", async () => {
    const isCommon = await commonPasswordCheck();
    expect(passwordProblems('LeaveMeAlone')).toEqual([]);
    expect(passwordProblems('LeaveMeAlone', { isCommon })).toEqual([PASSWORD_MESSAGES.common]);
    expect(passwordProblems('a calm evening over the stadium', { isCommon })).toEqual([]);
  });
});
