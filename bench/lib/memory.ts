import { readdirSync, readFileSync } from 'node:fs'

/** Processes descended from `root` (root included), read from /proc: Node children and every Chromium process. */
export function descendants(root: number): number[] {
  const parentOf = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // the command name may hold spaces and parentheses: the fields after the last ')' are fixed
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parentOf.set(Number(entry), Number(fields[1]))
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, parent] of parentOf) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid)
        grew = true
      }
    }
  }
  return [...tree]
}

/**
 * Proportional set size in bytes of a process tree. PSS divides shared pages among the processes sharing
 * them, so Chromium's many processes add up to what they really take (RSS would count shared memory often).
 */
export function readTreePss(root = process.pid): number {
  let total = 0
  for (const pid of descendants(root)) {
    try {
      const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
      if (match) total += Number(match[1]) * 1024
    } catch {
      // gone meanwhile, or a kernel thread
    }
  }
  return total
}

/**
 * Samples the tree's PSS every `intervalMs` until stopped and returns the peak. Chromium processes started
 * detached (chrome-launcher) are still our descendants: detaching changes the process group, not the parent.
 */
export function startPeakSampler(intervalMs = 200): { stop(): number } {
  let peak = readTreePss()
  const timer = setInterval(() => {
    peak = Math.max(peak, readTreePss())
  }, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, readTreePss())
    },
  }
}

/** One line of a worker's memory file, as bench/lib/report-memory.ts writes it every second. */
export interface MemoryLine {
  at: number
  rss: number
  heapUsed: number
  /** the longest the event loop was held since the line before, in ms */
  loopDelayMaxMs?: number
}

/** Every line of a worker's memory file, oldest first. */
export function readMemoryLines(file: string): MemoryLine[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as MemoryLine)
}
