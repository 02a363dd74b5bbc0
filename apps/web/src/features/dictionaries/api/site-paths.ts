/** The API prefix of a site's routes. */
export const siteApi = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}`
