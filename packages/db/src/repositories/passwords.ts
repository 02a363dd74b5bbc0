import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id (the library's default algorithm) with its default costs: 19 MiB and 2 passes, the OWASP
 * minimum. The PHC string keeps the parameters, so raising them later still verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/** false for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
