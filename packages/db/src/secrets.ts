import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Secrets kept in the database (integration API keys, OAuth tokens, passwords for scanning behind a login)
 * are sealed with AES-256-GCM under the operator's key (CANOPY_SECRETS_KEY, 32 bytes in base64): a copy of
 * the database alone gives none of them away, and a changed sealed value fails to open instead of opening
 * to something else.
 */
export interface SecretBox {
  /** whether a key is configured: without one, secrets can be neither stored nor read */
  readonly available: boolean
  seal(plaintext: string): string
  open(sealed: string): string
}

export const SECRETS_KEY_MISSING_MESSAGE =
  'Secrets cannot be stored or read: the server has no CANOPY_SECRETS_KEY. Ask the operator to set one.'

/** Thrown when a secret is sealed or opened without a key (the API answers 503 with the message). */
export class SecretsKeyMissingError extends Error {
  constructor() {
    super(SECRETS_KEY_MISSING_MESSAGE)
    this.name = 'SecretsKeyMissingError'
  }
}

const VERSION = 'v1'
const KEY_BYTES = 32
const IV_BYTES = 12

/** The key from its base64 text; a key of the wrong length is a configuration error, said at start-up. */
export function parseSecretsKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64')
  if (key.length !== KEY_BYTES) {
    throw new Error(`CANOPY_SECRETS_KEY must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`)
  }
  return key
}

/** The configured key as given, after checking its length (a wrong one stops the process at start). */
export function checkedSecretsKey(base64: string | undefined): string | null {
  if (!base64) return null
  parseSecretsKey(base64)
  return base64
}

function sealWith(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':')
}

function openWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(':')
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}

/** The box for the configured key; null gives a box that refuses with SecretsKeyMissingError. */
export function createSecretBox(keyBase64: string | null): SecretBox {
  if (!keyBase64) {
    const refuse = (): never => {
      throw new SecretsKeyMissingError()
    }
    return { available: false, seal: refuse, open: refuse }
  }
  const key = parseSecretsKey(keyBase64)
  return {
    available: true,
    seal: (plaintext) => sealWith(key, plaintext),
    open: (sealed) => openWith(key, sealed),
  }
}
