import { type Logger, pino } from 'pino'
import type { WorkerConfig } from './config.js'

export function createLogger(config: Pick<WorkerConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { service: 'worker', pid: process.pid } })
}
