import type { RegisteredJob } from './define-job.js'
import { purgeExpiredSessionsJob } from './purge-expired-sessions.js'

/** Every job the worker runs. A new job is a definition file, a handler file and one line here. */
export const ALL_JOBS: RegisteredJob[] = [purgeExpiredSessionsJob]
