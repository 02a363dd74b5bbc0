import { loadWorkerConfig } from './config.js'
import { createLogger } from './logger.js'
import { startWorkers } from './start-workers.js'

// A job that ignores shutdown must not keep a container from stopping forever.
const CLOSE_TIMEOUT_MS = 30_000

const config = loadWorkerConfig()
const logger = createLogger(config)
const running = await startWorkers({ config, logger })

let closing = false
async function closeOnSignal(signal: NodeJS.Signals) {
  if (closing) return
  closing = true
  logger.info({ signal }, 'closing: waiting for running jobs')
  const timer = setTimeout(() => {
    logger.error('running jobs did not finish in time; exiting')
    process.exit(1)
  }, CLOSE_TIMEOUT_MS)
  timer.unref()
  try {
    await running.close()
    logger.info('closed')
    process.exit(0)
  } catch (error) {
    logger.error({ err: error }, 'error while closing')
    process.exit(1)
  }
}

process.on('SIGTERM', (signal) => void closeOnSignal(signal))
process.on('SIGINT', (signal) => void closeOnSignal(signal))
