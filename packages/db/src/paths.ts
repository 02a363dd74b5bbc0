import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// packages/db/src → the repository root, where prisma/ lives next to packages/.
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export const PRISMA_SCHEMA_PATH = resolve(REPO_ROOT, 'prisma/schema.prisma')
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'prisma/migrations')
export const ROOT_ENV_PATH = resolve(REPO_ROOT, '.env')
