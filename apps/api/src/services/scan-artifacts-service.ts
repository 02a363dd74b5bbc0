import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { PageDetail } from '@canopy/contracts'
import {
  ARTIFACT_FILES,
  findRedirectsTo,
  findScanRefs,
  findScanVisibleToUser,
  findSitePageFiles,
  findSitePageFilesByUrl,
  findSitePageWithIssues,
  findSiteScan,
  findTemplatesBySignature,
  type PageFilesRow,
  type PrismaClient,
  pageArtifactsDir,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { presentPageDetail } from '../presenters/scan-page.js'
import { SCAN_NOT_FOUND_MESSAGE } from './scan-service.js'

export const PAGE_NOT_FOUND_MESSAGE = 'No page could be found with this ID.'
export const SNAPSHOT_NOT_FOUND_MESSAGE = 'No snapshot of this page has been stored.'
export const SCREENSHOT_NOT_FOUND_MESSAGE = 'No screenshot of this page has been stored.'
export const ELEMENT_SCREENSHOT_NOT_FOUND_MESSAGE = 'No screenshot of this element has been stored.'

/** A path the database holds, relative to the artifacts root; null unless it stays inside the root. */
function resolveInsideRoot(root: string, stored: string): string | null {
  const resolved = path.resolve(root, stored)
  return resolved.startsWith(`${root}${path.sep}`) ? resolved : null
}

async function isFile(file: string | null): Promise<boolean> {
  if (!file) return false
  return (await stat(file).catch(() => null))?.isFile() ?? false
}

/** The page's stored file: the path the worker recorded, else where the artifact layout puts it. */
async function findPageArtifact(
  root: string,
  page: PageFilesRow,
  file: 'fullPageScreenshot' | 'htmlSnapshot',
): Promise<string | null> {
  const recorded = file === 'htmlSnapshot' ? page.snapshotPath : page.screenshotPath
  const candidates = [
    recorded ? resolveInsideRoot(root, recorded) : null,
    page.lastScanId
      ? path.join(pageArtifactsDir(root, page.lastScanId, page.id), ARTIFACT_FILES[file])
      : null,
  ]
  for (const candidate of candidates) if (await isFile(candidate)) return candidate
  return null
}

export async function findPageScreenshot(
  { prisma, artifactsDir }: { prisma: PrismaClient; artifactsDir: string },
  siteId: string,
  pageId: string,
): Promise<string> {
  const page = await findSitePageFiles(prisma, { siteId, pageId })
  if (!page) throw notFound(PAGE_NOT_FOUND_MESSAGE)
  const file = await findPageArtifact(artifactsDir, page, 'fullPageScreenshot')
  if (!file) throw notFound(SCREENSHOT_NOT_FOUND_MESSAGE)
  return file
}

export async function findPageSnapshot(
  { prisma, artifactsDir }: { prisma: PrismaClient; artifactsDir: string },
  siteId: string,
  query: { url?: string; guid?: string },
): Promise<string> {
  const page = query.guid
    ? await findSitePageFiles(prisma, { siteId, pageId: query.guid })
    : query.url
      ? await findSitePageFilesByUrl(prisma, { siteId, url: query.url })
      : null
  if (!page) throw notFound(PAGE_NOT_FOUND_MESSAGE)
  const file = await findPageArtifact(artifactsDir, page, 'htmlSnapshot')
  if (!file) throw notFound(SNAPSHOT_NOT_FOUND_MESSAGE)
  return file
}

/**
 * An element screenshot path as the contracts' pattern admits it (scans/<scanId>/<page folder>/element-<n>.png),
 * split, and the file it names if that lies inside the root and exists.
 */
async function findElementScreenshot(root: string, stored: string) {
  const [top, scanId, pageFolder, file] = stored.split('/')
  if (top !== 'scans' || !scanId || !pageFolder || !file || !/^element-\d+\.png$/.test(file)) return null
  const resolved = resolveInsideRoot(root, stored)
  return { scanId, pageFolder, file: (await isFile(resolved)) ? resolved : null }
}

/** The folder name a page's artifacts have in every scan: where its recorded files sit, else its id. */
function pageFolderNames(page: PageFilesRow): Set<string> {
  const folders = new Set([page.id])
  for (const recorded of [page.screenshotPath, page.snapshotPath]) {
    if (recorded) folders.add(path.basename(path.dirname(recorded)))
  }
  return folders
}

/**
 * An element screenshot of a page of the site: the path must lie in that page's folder of a scan of this
 * site, so a member can reach no other site's files by naming them.
 */
export async function findPageElementScreenshot(
  { prisma, artifactsDir }: { prisma: PrismaClient; artifactsDir: string },
  siteId: string,
  query: { pageId: string; path: string },
): Promise<string> {
  const page = await findSitePageFiles(prisma, { siteId, pageId: query.pageId })
  if (!page) throw notFound(PAGE_NOT_FOUND_MESSAGE)
  const found = await findElementScreenshot(artifactsDir, query.path)
  if (!found || !pageFolderNames(page).has(found.pageFolder)) {
    throw notFound(ELEMENT_SCREENSHOT_NOT_FOUND_MESSAGE)
  }
  const scan = await findSiteScan(prisma, { siteId, scanId: found.scanId })
  if (!scan || !found.file) throw notFound(ELEMENT_SCREENSHOT_NOT_FOUND_MESSAGE)
  return found.file
}

/** An element screenshot of a single-page scan the user may see; the path must lie in that scan's folder. */
export async function findSinglePageScanElementScreenshot(
  { prisma, artifactsDir }: { prisma: PrismaClient; artifactsDir: string },
  userId: string,
  scanId: string,
  storedPath: string,
): Promise<string> {
  const scan = await findScanVisibleToUser(prisma, { scanId, userId })
  if (!scan) throw notFound(SCAN_NOT_FOUND_MESSAGE)
  const found = await findElementScreenshot(artifactsDir, storedPath)
  if (found?.scanId !== scan.id || !found.file) throw notFound(ELEMENT_SCREENSHOT_NOT_FOUND_MESSAGE)
  return found.file
}

/**
 * The HTML snapshot of a single-page scan. Its one page sits in the scan's folder of the artifact layout
 * (scans/<scanId>/<page key>/snapshot.html) whatever key the worker gave it.
 */
export async function findSinglePageScanSnapshot(
  { prisma, artifactsDir }: { prisma: PrismaClient; artifactsDir: string },
  userId: string,
  scanId: string,
): Promise<string> {
  const scan = await findScanVisibleToUser(prisma, { scanId, userId })
  if (!scan) throw notFound(SCAN_NOT_FOUND_MESSAGE)
  const scanDir = path.dirname(pageArtifactsDir(artifactsDir, scan.id, scan.id))
  const entries = await readdir(scanDir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries
    .filter((candidate) => candidate.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(scanDir, entry.name, ARTIFACT_FILES.htmlSnapshot)
    if (await isFile(file)) return file
  }
  throw notFound(SNAPSHOT_NOT_FOUND_MESSAGE)
}

export async function getPageDetail(
  { prisma, artifactsDir }: { prisma: PrismaClient; artifactsDir: string },
  siteId: string,
  pageId: string,
): Promise<PageDetail> {
  const page = await findSitePageWithIssues(prisma, { siteId, pageId })
  if (!page) throw notFound(PAGE_NOT_FOUND_MESSAGE)
  const scanIds = page.issues.flatMap((issue) => [
    issue.failingSinceScanId,
    issue.lastFailedScanId,
    issue.fixedInScanId,
  ])
  const signatures = page.issues.flatMap((issue) => issue.elementSignatures)
  const [screenshot, snapshot, scans, templates, redirectedFrom] = await Promise.all([
    findPageArtifact(artifactsDir, page, 'fullPageScreenshot'),
    findPageArtifact(artifactsDir, page, 'htmlSnapshot'),
    findScanRefs(prisma, [page.lastScanId, ...scanIds]),
    findTemplatesBySignature(prisma, { siteId, signatures: [...new Set(signatures)] }),
    findRedirectsTo(prisma, { siteId, url: page.url }),
  ])
  return presentPageDetail(page, {
    hasScreenshot: screenshot !== null,
    hasSnapshot: snapshot !== null,
    scans,
    templates,
    redirectedFrom,
  })
}
