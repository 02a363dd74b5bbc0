import { config } from 'dotenv'
import { ROOT_ENV_PATH } from './paths.js'

// The CLIs run with packages/db as their working directory; the project's .env sits at the root.
// Variables already set in the environment win over the file.
config({ path: ROOT_ENV_PATH, quiet: true })
