// The common passwords a new password may not be (OWASP ASVS 5.0 6.2.4; issue 15): the list zxcvbn-ts ships in
// @zxcvbn-ts/language-common (the most used passwords of public breach corpora), beside the domain's own short list.
// Only entries the length rule lets through can matter, so only those are kept. Loaded once, on first use.
import { PASSWORD_MIN_LENGTH, passwordLength } from '@allclear/domain';

let loading: Promise<ReadonlySet<string>> | undefined;

/** The package's common passwords of at least PASSWORD_MIN_LENGTH characters, lower-cased. */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH)
          .map((p) => p.normalize('NFC').toLowerCase()),
      ),
  );
  return loading;
}

/** A predicate for the domain's passwordProblems (`isCommon`), with the list loaded. */
export async function commonPasswordCheck(): Promise<(folded: string) => boolean> {
  const list = await commonPasswords();
  return (folded) => list.has(folded);
}
