import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * With SMTP_URL mail goes out through that server. Without it, each message is written as an .eml file
 * to MAIL_DIR and its path logged, so a self-hoster without a mail server can still follow the links.
 */
async function mailerPlugin(fastify: FastifyInstance) {
  const { smtpUrl, mailDir, mailFrom } = fastify.config

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    fastify.decorate('mailer', {
      async send(message) {
        await transport.sendMail({ from: mailFrom, ...message })
      },
    })
    fastify.addHook('onClose', async () => {
      transport.close()
    })
    return
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  fastify.decorate('mailer', {
    async send(message) {
      const info = await transport.sendMail({ from: mailFrom, ...message })
      await mkdir(mailDir, { recursive: true })
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`)
      await writeFile(file, info.message as Buffer)
      fastify.log.info(
        { file, to: message.to, subject: message.subject },
        'e-mail written to file (SMTP_URL is unset)',
      )
    },
  })
}

export default fp(mailerPlugin, { name: 'mailer' })
