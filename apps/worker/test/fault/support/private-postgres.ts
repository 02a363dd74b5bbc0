import { execFile } from 'node:child_process'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './ports.js'

const run = promisify(execFile)

/**
 * A PostgreSQL cluster of the test's own, made with the system's initdb and run with pg_ctl on a free port, so
 * it can be stopped and started again without touching the machine's shared server. fsync is off: the cluster
 * lives for one test. As root, the cluster belongs to the `postgres` user (initdb refuses to run as root).
 */
export interface PrivatePostgres {
  /** a URL of the server (database `postgres`); createTestDatabase makes the test's database on it */
  serverUrl: string
  start(): Promise<void>
  stop(): Promise<void>
  destroy(): Promise<void>
}

async function findBinDir(): Promise<string> {
  const { stdout } = await run('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
  const dir = stdout.trim()
  if (!dir) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin')
  return dir
}

function asOwner(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args)
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = await findBinDir()
  const dir = await mkdtemp(path.join(tmpdir(), 'canopy-fault-pg-'))
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const uid = Number(stdout.trim())
    await chown(dir, uid, uid)
  }
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const pgCtl = path.join(binDir, 'pg_ctl')
  await asOwner(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ])
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`
  const start = async () => {
    await asOwner(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ])
  }
  const stop = async () => {
    await asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
  }
  await start()
  return {
    serverUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  }
}
