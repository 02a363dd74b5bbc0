export { siteListQueryOptions, sitePrefix } from '@/lib/site-list'
