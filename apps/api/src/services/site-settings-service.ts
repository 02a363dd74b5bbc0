import { SITEMAP_SCOPE_MESSAGE, type SitemapSettings } from '@canopy/contracts'
import { findSiteSitemapSettings, type PrismaClient, type SiteAccess, updateSite } from '@canopy/db'
import { badRequest, notFound } from '../http-errors.js'
import { SITE_NOT_FOUND_MESSAGE } from '../plugins/app/site-access.js'

export async function getSitemapSettings(prisma: PrismaClient, access: SiteAccess): Promise<SitemapSettings> {
  const site = await findSiteSitemapSettings(prisma, access.siteId)
  if (!site) throw notFound(SITE_NOT_FOUND_MESSAGE)
  return { sitemapUrls: site.sitemapUrls }
}

/**
 * A submitted sitemap must be on the site's own origin: the crawler reads it as a list of the site's pages
 * (and still keeps only the pages inside the site's scope, each fetched through the network guard).
 * Duplicates are dropped, the order kept.
 */
export async function changeSitemapSettings(
  prisma: PrismaClient,
  access: SiteAccess,
  body: SitemapSettings,
): Promise<SitemapSettings> {
  const site = await findSiteSitemapSettings(prisma, access.siteId)
  if (!site) throw notFound(SITE_NOT_FOUND_MESSAGE)
  const origin = new URL(site.rootUri).origin
  body.sitemapUrls.forEach((url, index) => {
    if (new URL(url).origin !== origin) throw badRequest(`sitemapUrls.${index}`, SITEMAP_SCOPE_MESSAGE)
  })
  const sitemapUrls = [...new Set(body.sitemapUrls)]
  await updateSite(prisma, access.siteId, { sitemapUrls })
  return { sitemapUrls }
}

export async function changeScanLimit(
  prisma: PrismaClient,
  access: SiteAccess,
  scanLimit: number,
): Promise<{ scanLimit: number; maximumPageLimitPerScan: number }> {
  const site = await updateSite(prisma, access.siteId, { scanLimit })
  return { scanLimit: site.scanLimit, maximumPageLimitPerScan: site.maximumPageLimitPerScan }
}
