import { readFileSync } from 'node:fs'
import http from 'node:http'

/**
 * A closed-loop load generator: `clients` concurrent clients, each sending its next request as soon as the
 * previous answer has been read, over kept-alive connections (one per client), for a fixed time. node:http
 * rather than fetch: the generator shares the machine with the server, and fetch costs several times more
 * CPU per request.
 */

export interface LoadOptions {
  /** absolute URL */
  url: string
  headers?: Record<string, string>
  clients: number
  durationMs: number
  /** requests in this first stretch warm caches and connections and are not counted */
  warmupMs?: number
  /** the server's process: its CPU time per answer is measured too (less sensitive to a busy machine) */
  serverPid?: number
}

export interface LoadResult {
  requests: number
  /** answers per status code */
  statuses: Record<number, number>
  errors: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  max: number
  /** CPU milliseconds (user + system) the server process spent per counted answer */
  serverCpuMsPerRequest?: number
}

/** CPU time of a process so far, in milliseconds, from /proc/<pid>/stat (utime + stime, in clock ticks). */
export function readProcessCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // fields[11] and fields[12] are utime and stime (the 14th and 15th fields of the line); Linux ticks at 100 Hz
  return (Number(fields[11]) + Number(fields[12])) * 10
}

interface Answer {
  status: number
  bytes: number
}

/** One GET; resolves when the body has been read to the end. */
export function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url)
  const headers = options.headers ?? {}
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients })
  const started = performance.now()
  const countFrom = started + (options.warmupMs ?? 0)
  const endAt = countFrom + options.durationMs
  const latencies: number[] = []
  const statuses: Record<number, number> = {}
  let errors = 0
  let cpuAtStart = 0
  const cpuTimer = options.serverPid
    ? setTimeout(() => {
        cpuAtStart = readProcessCpuMs(options.serverPid as number)
      }, options.warmupMs ?? 0)
    : undefined

  async function client(): Promise<void> {
    while (performance.now() < endAt) {
      const sent = performance.now()
      try {
        const { status } = await get(agent, url, headers)
        if (sent >= countFrom) {
          latencies.push(performance.now() - sent)
          statuses[status] = (statuses[status] ?? 0) + 1
        }
      } catch {
        errors += 1
      }
    }
  }

  await Promise.all(Array.from({ length: options.clients }, client))
  agent.destroy()
  clearTimeout(cpuTimer)
  const cpuMs = options.serverPid ? readProcessCpuMs(options.serverPid) - cpuAtStart : Number.NaN
  const elapsed = (performance.now() - countFrom) / 1000
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    statuses,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    serverCpuMsPerRequest: options.serverPid ? cpuMs / latencies.length : undefined,
  }
}
