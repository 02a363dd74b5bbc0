import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on a free local port: the API talks to it through nodemailer as it would to any relay. */
export async function startFakeSmtpServer() {
  const received: ReceivedMail[] = []
  const waiting: ((mail: ReceivedMail) => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(mail)
        waiting.shift()?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port')
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    nextMail: () => new Promise<ReceivedMail>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Undoes the quoted-printable soft line breaks and escapes that long links get in a mail body. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The first link to `pathname` in a raw mail, HTML entities in its query undone. */
export function findLinkInMail(raw: string, pathname: string): URL {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const match = decodeQuotedPrintable(raw).match(new RegExp(`https?://\\S+${escaped}\\?[^\\s"<]+`))
  if (!match) throw new Error(`no ${pathname} link in:\n${raw}`)
  return new URL(match[0].replaceAll('&amp;', '&'))
}
