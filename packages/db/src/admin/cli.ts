import '../load-env.js'
import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { PASSWORD_RULE_DESCRIPTION } from '@canopy/contracts'
import { createPrismaClient } from '../client.js'
import { DEFAULT_DATABASE_URL, redactDatabaseUrl } from '../database-server.js'
import { type CreateAdministratorInput, createAdministrator } from './create-administrator.js'

const USAGE = `Usage: scripts/create-admin [--email <e-mail>] [--first-name <name>] [--last-name <name>] [--organisation <name>]

Creates an administrator with a verified e-mail and an organisation they administer, in DATABASE_URL's
migrated database. What is not given as an option is asked at the terminal. The password is asked twice
at the terminal, or read from the first line of stdin when stdin is not a terminal (then every option is
required): never from an option, so that it stays out of the shell history and of ps.`

const FIELDS = [
  { option: 'email', key: 'email', question: 'E-mail: ' },
  { option: 'first-name', key: 'firstName', question: 'First name: ' },
  { option: 'last-name', key: 'lastName', question: 'Last name: ' },
  { option: 'organisation', key: 'organisationName', question: 'Organisation name: ' },
] as const

type Options = Partial<Record<(typeof FIELDS)[number]['option'], string>> & { help?: boolean }

function readOptions(args: string[]): Options {
  if (args.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new Error(
      'The password is never taken from the command line (it would stay in the shell history and show in ps): ' +
        'type it at the prompt, or give it as the first line of stdin.',
    )
  }
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      organisation: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  return values
}

/**
 * One line typed at the terminal. A hidden question echoes nothing (readline writes the echo to a sink).
 * Ctrl-C cancels the command instead of leaving the question unanswered.
 */
async function ask(question: string, { hidden = false } = {}): Promise<string> {
  if (hidden) process.stdout.write(question)
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
  const readline = createInterface({
    input: process.stdin,
    output: hidden ? sink : process.stdout,
    terminal: true,
  })
  const cancel = new AbortController()
  readline.on('SIGINT', () => cancel.abort())
  try {
    return await readline.question(hidden ? '' : question, { signal: cancel.signal })
  } catch (error) {
    throw cancel.signal.aborted ? new Error('Cancelled: no administrator was created.') : error
  } finally {
    readline.close()
    if (hidden) process.stdout.write('\n')
  }
}

async function readFirstLine(stream: NodeJS.ReadStream): Promise<string> {
  stream.setEncoding('utf8')
  let text = ''
  for await (const chunk of stream) text += chunk
  return text.split(/\r?\n/, 1)[0] ?? ''
}

async function collectFields(options: Options): Promise<Omit<CreateAdministratorInput, 'password'>> {
  const missing = FIELDS.filter((field) => options[field.option] === undefined)
  if (missing.length > 0 && !process.stdin.isTTY) {
    const names = missing.map((field) => `--${field.option}`).join(', ')
    throw new Error(
      `Without a terminal to ask at, give ${names}, and the password as the first line of stdin.`,
    )
  }
  const fields = { email: '', firstName: '', lastName: '', organisationName: '' }
  for (const field of FIELDS) fields[field.key] = options[field.option] ?? (await ask(field.question))
  return fields
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = await readFirstLine(process.stdin)
    if (password === '') throw new Error('No password: give it as the first line of stdin.')
    return password
  }
  console.info(`The password: ${PASSWORD_RULE_DESCRIPTION}`)
  const password = await ask('Password: ', { hidden: true })
  if ((await ask('Password again: ', { hidden: true })) !== password) {
    throw new Error('The two passwords differ: no administrator was created.')
  }
  return password
}

// `scripts/create-admin` (`pnpm --filter @canopy/db run create-admin`): the way into an instance that has
// no users, the demo's included, such as any production one. Works whatever NODE_ENV is.
async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2))
  if (options.help) {
    console.info(USAGE)
    return
  }
  const fields = await collectFields(options)
  const password = await readPassword()
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const prisma = createPrismaClient(databaseUrl)
  try {
    const { user, organisation } = await createAdministrator(prisma, { ...fields, password })
    console.info(
      `Created the administrator ${user.email} and the organisation "${organisation.name}" in ` +
        `${redactDatabaseUrl(databaseUrl)}: sign in with that e-mail and the password just given.`,
    )
  } finally {
    await prisma.$disconnect()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
