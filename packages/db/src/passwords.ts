import { type Algorithm, hash, type Options, parseOptions, verify } from '@node-rs/argon2'

// @node-rs/argon2 declares Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm

/**
 * OWASP's recommended argon2id configuration (19 MiB, 2 passes, 1 lane): 7 ms per hash on the
 * project's machines, and 19 MiB per guess is what makes GPU guessing expensive. Changing these is safe:
 * verifyPassword reads the parameters from the stored hash, and passwordNeedsRehash tells the
 * login to rehash old hashes.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const satisfies Options

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) with a fresh random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS)
}

/** False for a wrong password and for anything that is not an argon2 hash (e.g. null for SSO accounts). */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** True when the hash was made with other parameters than PASSWORD_HASH_OPTIONS. */
export function passwordNeedsRehash(passwordHash: string): boolean {
  try {
    const used = parseOptions(passwordHash)
    return (
      used.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      used.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      used.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      used.parallelism !== PASSWORD_HASH_OPTIONS.parallelism ||
      used.outputLen !== PASSWORD_HASH_OPTIONS.outputLen
    )
  } catch {
    return true
  }
}
