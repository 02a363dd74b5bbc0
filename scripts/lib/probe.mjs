// Small checks the shell scripts need and cannot do portably in bash: does a PostgreSQL or Redis URL
// answer, is a port free, does an HTTP URL answer, and clean-up of a test database or queue prefix.
// It borrows the workspace's own clients (pg from packages/db, ioredis from apps/worker), so it needs
// `pnpm install` to have run. Exit code 0 means yes/done; anything else means no, with the reason on stderr.
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

async function importFrom(packageDir, name) {
  const resolved = createRequire(path.join(root, packageDir, 'package.json')).resolve(name)
  return import(pathToFileURL(resolved).href)
}

async function connectPostgres(url, database) {
  const { default: pg } = await importFrom('packages/db', 'pg')
  const target = new URL(url)
  if (database) target.pathname = `/${database}`
  const client = new pg.Client({ connectionString: target.href, connectionTimeoutMillis: 3000 })
  await client.connect()
  return client
}

// Reachable means: the server accepts our credentials. A database that does not exist yet is fine,
// `pnpm db:migrate` creates it.
async function checkPostgres(url) {
  try {
    const client = await connectPostgres(url)
    await client.query('select 1')
    await client.end()
  } catch (error) {
    if (error?.code === '3D000') return
    throw error
  }
}

async function openRedis(url) {
  const { default: Redis } = await importFrom('apps/worker', 'ioredis')
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  await redis.connect()
  return redis
}

async function checkRedis(url) {
  const redis = await openRedis(url)
  const answer = await redis.ping()
  redis.disconnect()
  if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`)
}

function canListen(host, port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

async function findFreePort(host, start) {
  for (let port = start; port < start + 200; port += 1) {
    if (await canListen(host, port)) return port
  }
  throw new Error(`no free port in ${start}..${start + 199} on ${host}`)
}

async function checkHttp(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
}

async function dropDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`refusing to drop database with unusual name "${name}"`)
  const client = await connectPostgres(url, 'postgres')
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.end()
}

async function clearRedisPrefix(url, prefix) {
  if (!prefix) throw new Error('a prefix is required')
  const redis = await openRedis(url)
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500)
    if (keys.length > 0) await redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
  redis.disconnect()
}

const commands = {
  postgres: ([url]) => checkPostgres(url),
  redis: ([url]) => checkRedis(url),
  http: ([url]) => checkHttp(url),
  'free-port': async ([host, start]) => {
    process.stdout.write(`${await findFreePort(host, Number(start))}\n`)
  },
  'with-database': async ([url, name]) => {
    const target = new URL(url)
    target.pathname = `/${name}`
    process.stdout.write(`${target.href}\n`)
  },
  'drop-database': ([url]) => dropDatabase(url),
  'clear-redis-prefix': ([url, prefix]) => clearRedisPrefix(url, prefix),
}

const [command, ...args] = process.argv.slice(2)
const run = commands[command]
if (!run) {
  console.error(`usage: probe.mjs ${Object.keys(commands).join('|')} ...`)
  process.exit(2)
}
try {
  await run(args)
  process.exit(0)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
