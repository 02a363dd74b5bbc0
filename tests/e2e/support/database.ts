import { createRequire } from 'node:module'

// pg is a dependency of packages/db; load it from there (the tests package has no database client of its own).
const requireFromDb = createRequire(new URL('../../../packages/db/package.json', import.meta.url))
interface PgClient {
  connect(): Promise<void>
  query(sql: string, values: unknown[]): Promise<{ rows: unknown[] }>
  end(): Promise<void>
}
const { Client } = requireFromDb('pg') as { Client: new (options: { connectionString: string }) => PgClient }

/**
 * Runs statements against the database of the instance under test (./scripts/test passes DATABASE_URL), for
 * set-up a user cannot do through the product (making someone staff).
 */
export async function runSql<Row = Record<string, unknown>>(sql: string, values: unknown[] = []) {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set: run this spec through ./scripts/test e2e')
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql, values)).rows as Row[]
  } finally {
    await client.end()
  }
}
