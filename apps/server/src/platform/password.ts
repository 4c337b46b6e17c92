// Password hashing: argon2id with the OWASP Password Storage Cheat Sheet parameters (m=19 MiB, t=2, p=1).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id; a const enum cannot be read at run time under verbatimModuleSyntax.
const ARGON2ID = 2 as Algorithm;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password to a PHC string (argon2id). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches the PHC string; false for any malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}
