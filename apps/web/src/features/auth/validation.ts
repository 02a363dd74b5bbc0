import { isPasswordStrongEnough } from '@canopy/contracts'
import { MESSAGES } from '@/config/messages'

/** Loose on purpose: the server decides; the client only catches obvious typos before a round trip. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateEmail(value: string): string | null {
  const email = value.trim()
  if (email === '') return MESSAGES.registration.emailRequired
  if (!EMAIL_SHAPE.test(email)) return MESSAGES.registration.invalidEmail
  return null
}

export function validateNewPassword(value: string): string | null {
  if (value === '') return MESSAGES.registration.passwordRequired
  if (!isPasswordStrongEnough(value)) return MESSAGES.registration.weakPassword
  return null
}

export function validateConfirmPassword(value: string, password: string): string | null {
  if (value === '') return MESSAGES.registration.confirmPasswordRequired
  if (value !== password) return MESSAGES.registration.passwordsDoNotMatch
  return null
}
