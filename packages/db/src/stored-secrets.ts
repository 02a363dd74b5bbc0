import type { SecretBox } from './secrets.js'

/**
 * Secrets stored before the secret box existed (the web-risk key) are plain text: readers still open them,
 * and the API seals them when it next reads them. A sealed value starts with its version ('v1:').
 */
export function isSealedSecret(value: string): boolean {
  return /^v\d+:/.test(value)
}

/** The plain secret of a stored value, sealed or (from before sealing) plain; undefined when none. */
export function openStoredSecret(box: SecretBox, stored: string | undefined): string | undefined {
  if (!stored) return undefined
  return isSealedSecret(stored) ? box.open(stored) : stored
}
