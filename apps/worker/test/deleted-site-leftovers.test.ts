import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPrismaClient, scanArtifactsDir } from '@canopy/db'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadWorkerConfig } from '../src/config.js'
import { removeLeftoversOfDeletedSite } from '../src/jobs/deleted-site-leftovers.js'
import { createFixtureSiteRow, scanTestEnv } from './support/scan-fixtures.js'

const config = loadWorkerConfig(scanTestEnv())
const prisma = createPrismaClient(config.databaseUrl)
afterAll(() => prisma.$disconnect())

/** A site with one scan, and a file of that scan's artefacts on disk. */
async function siteWithScanArtefacts() {
  const root = await mkdtemp(path.join(tmpdir(), 'canopy-leftovers-'))
  const site = await createFixtureSiteRow(prisma, 'http://127.0.0.1:9/')
  const scan = await prisma.scan.create({ data: { kind: 'site', pageLimit: 10, siteId: site.id } })
  const folder = scanArtifactsDir(root, scan.id)
  await mkdir(folder, { recursive: true })
  await writeFile(path.join(folder, 'screenshot.png'), 'png')
  return { root, site, scan, folder }
}

const finishedJob = (data: unknown) => ({ data, remove: vi.fn(async () => 1) })

describe('the job of a site deleted while it ran', () => {
  it('is removed with the artefacts it wrote once its site is gone, and kept while the site exists', async () => {
    const { root, site, scan, folder } = await siteWithScanArtefacts()
    const pageJob = finishedJob({ scanId: scan.id, url: 'http://127.0.0.1:9/' })
    const uptimeJob = finishedJob({ siteId: site.id, slot: 1 })
    expect(await removeLeftoversOfDeletedSite(prisma, pageJob, root)).toBe(false)
    expect(await removeLeftoversOfDeletedSite(prisma, uptimeJob, root)).toBe(false)
    expect(pageJob.remove).not.toHaveBeenCalled()
    expect(existsSync(folder)).toBe(true)

    await prisma.site.delete({ where: { id: site.id } })
    expect(await removeLeftoversOfDeletedSite(prisma, pageJob, root)).toBe(true)
    expect(await removeLeftoversOfDeletedSite(prisma, uptimeJob, root)).toBe(true)
    expect(pageJob.remove).toHaveBeenCalledOnce()
    expect(uptimeJob.remove).toHaveBeenCalledOnce()
    expect(existsSync(folder)).toBe(false)
  })

  it('leaves a job that names no site or scan alone', async () => {
    const job = finishedJob({})
    expect(await removeLeftoversOfDeletedSite(prisma, job, tmpdir())).toBe(false)
    expect(job.remove).not.toHaveBeenCalled()
  })
})
