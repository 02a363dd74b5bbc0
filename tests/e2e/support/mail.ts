import { expect } from '@playwright/test'

/**
 * The inbox of the SMTP catcher the API under test sends its mail to (tests/fixtures/smtp-catcher):
 * ./scripts/test passes its MAIL_INBOX_URL to Playwright; by hand, ./scripts/start's catcher.
 */
export const MAIL_INBOX_URL = process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:8025'

export interface CaughtMail {
  id: string
  to: string[]
  subject: string
  text: string
  html: string
  receivedAt: string
}

async function findNewestMail(to: string, subject: string, since: number): Promise<CaughtMail | null> {
  const response = await fetch(`${MAIL_INBOX_URL}/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) return null
  const { items } = (await response.json()) as { items: Omit<CaughtMail, 'text' | 'html'>[] }
  // The inbox lists the newest first.
  const match = items.find((item) => item.subject === subject && Date.parse(item.receivedAt) >= since)
  if (!match) return null
  return (await (await fetch(`${MAIL_INBOX_URL}/messages/${match.id}`)).json()) as CaughtMail
}

/** Waits for the mail to `to` with `subject` received at or after `since` (ms since epoch), with both parts. */
export async function waitForMessage(to: string, subject: string, since: number): Promise<CaughtMail> {
  let mail: CaughtMail | null = null
  await expect
    .poll(
      async () => {
        mail = await findNewestMail(to, subject, since)
        return mail !== null
      },
      { message: `an e-mail to ${to} in ${MAIL_INBOX_URL}`, timeout: 15_000 },
    )
    .toBe(true)
  return mail as unknown as CaughtMail
}

/** The text part of the mail to `to` with `subject` received at or after `since`. */
export async function waitForMail(to: string, subject: string, since: number): Promise<string> {
  return (await waitForMessage(to, subject, since)).text
}

/** The path and query of the link in a mail whose path starts with `prefix`, to open against the base URL. */
export function findLinkPath(mail: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = mail.match(new RegExp(`https?://[^\\s"<]+?(${escaped}[^\\s"<]*)`))
  if (!match?.[1]) throw new Error(`no ${prefix} link in:\n${mail}`)
  return match[1].replace(/&amp;/g, '&')
}

/** The path and query of the password reset link in a mail, to open against the test's base URL. */
export function findPasswordResetPath(mail: string): string {
  return findLinkPath(mail, '/password/reset?token=')
}
