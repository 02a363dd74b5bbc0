import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'

/**
 * Where the API under test writes its e-mails when SMTP_URL is unset: ./scripts/test passes its MAIL_DIR
 * to Playwright; by hand, against ./scripts/start, the API's default applies.
 */
export const MAIL_DIR = process.env.MAIL_DIR ?? path.resolve(import.meta.dirname, '../../../.data/mail')

/** Undoes the quoted-printable soft line breaks and escapes that long links get in a mail body. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

async function findNewestMail(to: string, subject: string, since: number): Promise<string | null> {
  const names = await readdir(MAIL_DIR).catch(() => [] as string[])
  let newest: { written: number; text: string } | null = null
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(MAIL_DIR, name)
    const written = (await stat(file)).mtimeMs
    if (written < since || (newest && written <= newest.written)) continue
    const text = decodeQuotedPrintable(await readFile(file, 'utf8'))
    if (text.includes(`To: ${to}`) && text.includes(`Subject: ${subject}`)) newest = { written, text }
  }
  return newest?.text ?? null
}

/** Waits for the .eml file of a mail to `to` with `subject` written at or after `since` (ms since epoch). */
export async function waitForMail(to: string, subject: string, since: number): Promise<string> {
  let mail: string | null = null
  await expect
    .poll(
      async () => {
        mail = await findNewestMail(to, subject, since)
        return mail !== null
      },
      { message: `an e-mail to ${to} in ${MAIL_DIR}`, timeout: 15_000 },
    )
    .toBe(true)
  return mail ?? ''
}

/** The path and query of the password reset link in a mail, to open against the test's base URL. */
export function findPasswordResetPath(mail: string): string {
  const match = mail.match(/https?:\/\/[^\s"<]+(\/password\/reset\?token=[\w-]+)/)
  if (!match?.[1]) throw new Error(`no password reset link in:\n${mail}`)
  return match[1]
}
