import closeWithGrace from 'close-with-grace'
import type { FastifyServerOptions } from 'fastify'
import { buildApp } from './app.js'
import { type Config, loadConfig } from './config.js'

/** Readable lines in a terminal, JSON everywhere else (containers, log collectors). */
function createLoggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (process.stdout.isTTY) {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss Z', ignore: 'pid,hostname' } },
    }
  }
  return { level: config.logLevel }
}

const config = loadConfig()
const app = buildApp(config, createLoggerOptions(config))

// SIGTERM and SIGINT finish the requests in flight and close the database and Redis connections.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error')
  else app.log.info({ signal }, 'closing')
  await app.close()
})

try {
  await app.listen({ host: config.host, port: config.port })
  app.log.info(`Canopy API listening on ${config.publicUrl}`)
} catch (error) {
  app.log.error({ err: error }, 'the API could not start')
  process.exit(1)
}
