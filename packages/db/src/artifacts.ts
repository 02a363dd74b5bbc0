import path from 'node:path'
import { REPO_ROOT } from './paths.js'

/**
 * Files a scan leaves on disk (full-page screenshots, HTML snapshots, element screenshots). The worker writes
 * them and the API serves them, both under ARTIFACTS_DIR, so the two must agree on one layout: this one.
 */
export function artifactsRoot(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.ARTIFACTS_DIR ?? path.join(REPO_ROOT, '.data', 'artifacts'))
}

export function pageArtifactsDir(root: string, scanId: string, pageKey: string): string {
  return path.join(root, 'scans', safeSegment(scanId), safeSegment(pageKey))
}

export const ARTIFACT_FILES = {
  fullPageScreenshot: 'full-page.png',
  htmlSnapshot: 'snapshot.html',
  elementScreenshot: (index: number) => `element-${index}.png`,
} as const

/** Ids come from our own database, but a path segment is checked anyway: nothing may climb out of the root. */
function safeSegment(segment: string): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(segment)) throw new Error(`unsafe artifact path segment: ${segment}`)
  return segment
}

/** The folder of everything one scan left on disk; removing it removes the scan's artefacts. */
export function scanArtifactsDir(root: string, scanId: string): string {
  return path.join(root, 'scans', safeSegment(scanId))
}
