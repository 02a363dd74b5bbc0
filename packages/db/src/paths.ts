import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// packages/db/src → the repository root, where prisma/ lives next to packages/.
const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export const PRISMA_SCHEMA_PATH = resolve(repositoryRoot, 'prisma/schema.prisma')
export const MIGRATIONS_DIR = resolve(repositoryRoot, 'prisma/migrations')
export const ROOT_ENV_PATH = resolve(repositoryRoot, '.env')
