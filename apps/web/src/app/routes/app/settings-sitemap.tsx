import { SitemapSettings } from '@/features/site-settings/components/sitemap-settings'
import { AreaGate } from './area-gate'

/** settings/sitemap (site admins, flag settings/sitemaps): the submitted sitemaps. */
export function Component() {
  return <AreaGate>{(scope) => <SitemapSettings siteSlug={scope.siteSlug} />}</AreaGate>
}
