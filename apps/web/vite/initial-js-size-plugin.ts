import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin, Rollup } from 'vite'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/** The budget of JavaScript a first visit downloads before the app can render, gzipped. */
export const INITIAL_JS_BUDGET_BYTES = 200_000

/**
 * The chunks a first visit loads: index.html's entry and, transitively, its static imports (what the
 * browser fetches before running the app). Lazy chunks (dynamic imports) are left out.
 */
export function collectInitialChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const seen = new Set<string>()
  const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
  while (pending.length > 0) {
    const name = pending.pop() as string
    if (seen.has(name)) continue
    seen.add(name)
    pending.push(...(byName.get(name)?.imports ?? []))
  }
  return chunks.filter((chunk) => seen.has(chunk.fileName))
}

/** Kilobytes of 1000 bytes, as Vite prints its own sizes. */
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/** Prints the initial JavaScript's gzipped size after every build, and warns above the budget. */
export function initialJsSizePlugin(): Plugin {
  let report = ''
  return {
    name: 'canopy:initial-js-size',
    apply: 'build',
    // The files as written (with their source map comment), gzipped as a server would send them.
    writeBundle(options, bundle) {
      const initial = collectInitialChunks(bundle)
      const sizes = initial.map((chunk) => ({
        name: chunk.fileName,
        gzip: gzipSync(readFileSync(join(options.dir ?? 'dist', chunk.fileName))).length,
      }))
      const total = sizes.reduce((sum, chunk) => sum + chunk.gzip, 0)
      const verdict = total <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER'
      const lines = sizes
        .sort((a, b) => b.gzip - a.gzip)
        .map((chunk) => `  ${kilobytes(chunk.gzip).padStart(9)}  ${chunk.name}`)
      const summary = `Initial JS (entry + static imports), gzipped: ${kilobytes(total)} in ${sizes.length} files, ${verdict} the ${kilobytes(INITIAL_JS_BUDGET_BYTES)} budget`
      report = ['', summary, ...lines, ''].join('\n')
      if (verdict === 'OVER') this.warn(summary)
    },
    // After Vite's own list of files, so that the figure is the build's last word.
    closeBundle() {
      if (report) process.stdout.write(`${report}\n`)
    },
  }
}
