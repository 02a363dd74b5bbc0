import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router'
import { PageLoader } from '@/components/ui/notice'
import { RouterBridge } from './layouts/router-bridge'
import { RouteErrorBoundary } from './routes/route-error'

type RouteModule = {
  Component: React.ComponentType
  clientLoader?: (queryClient: QueryClient) => LoaderFunction
}

/** Lazy route modules export their Component and, when they prefetch, a loader factory given the cache. */
const load = (queryClient: QueryClient, importModule: () => Promise<RouteModule>) => async () => {
  const { Component, clientLoader } = await importModule()
  return { Component, loader: clientLoader?.(queryClient) }
}

/** Shown while the first route module of a visit loads. */
function RouteLoader() {
  return <PageLoader />
}

const errorElement = (
  <RouterBridge>
    <RouteErrorBoundary />
  </RouterBridge>
)

/** Verification pages work the same whether or not the visitor is signed in; they bring their own frame. */
function verificationRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'account/verify', lazy: load(queryClient, () => import('./routes/auth/verify-account')) },
    { path: 'account/verified', lazy: load(queryClient, () => import('./routes/auth/account-verified')) },
    // where the web analytics sign-in popup lands: reached signed in or not, it only reports to its opener
    {
      path: 'oauth/popup-success',
      lazy: load(queryClient, () => import('./routes/auth/oauth-popup-success')),
    },
    { path: 'oauth/popup-error', lazy: load(queryClient, () => import('./routes/auth/oauth-popup-error')) },
  ]
}

const serverErrorRoute = (queryClient: QueryClient): RouteObject => ({
  path: '500',
  lazy: load(queryClient, () => import('./routes/server-error')),
})

/** Signed-out visitors reach only login, registration, password reset, SSO and verification pages. */
export function createSignedOutRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/',
      element: <RouterBridge />,
      errorElement,
      HydrateFallback: RouteLoader,
      children: [
        { index: true, lazy: load(queryClient, () => import('./routes/auth/login')) },
        { path: 'register', lazy: load(queryClient, () => import('./routes/auth/register')) },
        { path: 'invites/:token', lazy: load(queryClient, () => import('./routes/auth/invite')) },
        { path: 'password/reset', lazy: load(queryClient, () => import('./routes/auth/password-reset')) },
        { path: 'legal/:page', lazy: load(queryClient, () => import('./routes/auth/legal')) },
        { path: ':providerId/error', lazy: load(queryClient, () => import('./routes/auth/sso-error')) },
        { path: ':providerId/login', lazy: load(queryClient, () => import('./routes/auth/sso-login')) },
        {
          path: ':providerId/registered',
          lazy: load(queryClient, () => import('./routes/auth/sso-registered')),
        },
        ...verificationRoutes(queryClient),
        serverErrorRoute(queryClient),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ])
}

/** The inventory's lists (inventory/{list}) and those whose rows lead to the pages of one item. */
const INVENTORY_LISTS = [
  'pdfs',
  'documents',
  'archives',
  'spreadsheets',
  'powerpoints',
  'media',
  'email',
  'telephone',
] as const
const INVENTORY_ITEM_LISTS = ['pdfs', 'email', 'telephone'] as const

type RouteMaker = (path: string, importModule: () => Promise<RouteModule>) => RouteObject

/** A site's settings screens (admins; users also for editors, read-only; the API checks the role). */
function siteSettingsRoutes(route: RouteMaker): RouteObject[] {
  return [
    route('settings/integrations', () => import('./routes/app/settings-integrations')),
    route('settings/scan-login', () => import('./routes/app/settings-scan-login')),
    route('settings', () => import('./routes/app/settings-general')),
    route('settings/general', () => import('./routes/app/settings-general')),
    route('settings/scans', () => import('./routes/app/settings-scans')),
    route('settings/sitemap', () => import('./routes/app/settings-sitemap')),
    route('settings/billing', () => import('./routes/app/settings-billing')),
    route('settings/danger-zone', () => import('./routes/app/settings-danger-zone')),
    route('settings/sections', () => import('./routes/app/settings-sections')),
    route('settings/sections/:sectionId', () => import('./routes/app/settings-section')),
    route('settings/users', () => import('./routes/app/settings-users')),
    route('settings/user/:userId', () => import('./routes/app/settings-user')),
    route('settings/permissions', () => import('./routes/app/settings-permissions')),
    route('settings/groups', () => import('./routes/app/settings-groups')),
    route('settings/group/:groupId/:tabId?', () => import('./routes/app/settings-group')),
    route('settings/invites', () => import('./routes/app/settings-invites')),
    route('settings/invites-history', () => import('./routes/app/settings-invites-history')),
  ]
}

/**
 * The site screens of the accessibility, content quality, SEO and performance areas, uptime, inventory, page
 * detail, document detail and search, the same under
 * /site/{slug} and under /site/{slug}/section/{sectionSlug}.
 */
function siteAreaRoutes(queryClient: QueryClient): RouteObject[] {
  const route: RouteMaker = (path, importModule) => ({
    path,
    lazy: load(queryClient, importModule),
  })
  return [
    route('accessibility', () => import('./routes/app/accessibility-dashboard')),
    route('accessibility/pages', () => import('./routes/app/accessibility-pages')),
    route('accessibility/pdfs', () => import('./routes/app/accessibility-pdfs')),
    route('accessibility/issues', () => import('./routes/app/accessibility-issues')),
    route('accessibility/issues/:issueName', () => import('./routes/app/accessibility-issue')),
    route('content-quality', () => import('./routes/app/content-quality')),
    route('content-quality/pages', () => import('./routes/app/content-quality-pages')),
    route('content-quality/readability', () => import('./routes/app/content-quality-readability')),
    route(
      'content-quality/readability/:readability',
      () => import('./routes/app/content-quality-readability-level'),
    ),
    route('content-quality/broken-links', () => import('./routes/app/content-quality-broken-links')),
    route('content-quality/broken-links/:link', () => import('./routes/app/content-quality-broken-link')),
    route('content-quality/issues/:issueName', () => import('./routes/app/content-quality-issue')),
    route('seo', () => import('./routes/app/seo')),
    route('seo/pages', () => import('./routes/app/seo-pages')),
    route('seo/duplicate-content', () => import('./routes/app/seo-duplicate-content')),
    route('seo/duplicate-content/:dupeId', () => import('./routes/app/seo-duplicate')),
    route('seo/orphaned-pages', () => import('./routes/app/seo-orphaned-pages')),
    route('seo/health', () => import('./routes/app/seo-health')),
    route('seo/issues/:issueName', () => import('./routes/app/seo-issue')),
    route('performance', () => import('./routes/app/performance')),
    route('performance/pages', () => import('./routes/app/performance-pages')),
    route('performance/issues/:issueName', () => import('./routes/app/performance-issue')),
    route('content-quality/misspellings', () => import('./routes/app/misspellings')),
    route('content-quality/misspellings/:misspellingId', () => import('./routes/app/misspelling-pages')),
    route('content-quality/dictionaries', () => import('./routes/app/dictionaries')),
    route(
      'content-quality/dictionaries/dictionary/:language?',
      () => import('./routes/app/dictionary-words'),
    ),
    route('content-quality/malicious-links', () => import('./routes/app/malicious-links')),
    route('content-quality/malicious-links/:link', () => import('./routes/app/malicious-link-pages')),
    ...siteSettingsRoutes(route),
    route('performance/uptime', () => import('./routes/app/performance-uptime')),
    route('analytics', () => import('./routes/app/analytics')),
    route('analytics/:pageId', () => import('./routes/app/analytics-page')),
    route('inventory', () => import('./routes/app/inventory')),
    ...INVENTORY_LISTS.map((list) =>
      route(`inventory/${list}`, () => import('./routes/app/inventory-lists')),
    ),
    ...INVENTORY_ITEM_LISTS.map((list) =>
      route(`inventory/${list}/:link`, () => import('./routes/app/inventory-lists')),
    ),
    route('pages/:pageId/:tabId?', () => import('./routes/app/page-detail')),
    route('documents/:documentId/:tabId?', () => import('./routes/app/document-detail')),
    route('search', () => import('./routes/app/site-search')),
    route('assigned-issues', () => import('./routes/app/assigned-issues')),
  ]
}

/** The screens about all of a user's sites (paths proposed by the spec inventory: its gaps). */
function crossSiteRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'overview', lazy: load(queryClient, () => import('./routes/app/overview')) },
    { path: 'configurations', lazy: load(queryClient, () => import('./routes/app/configurations')) },
    { path: 'sites/new', lazy: load(queryClient, () => import('./routes/app/add-site')) },
    { path: 'scans', lazy: load(queryClient, () => import('./routes/app/active-scans')) },
  ]
}

/** Staff tools (each screen checks isStaff; the API refuses others) and the service status. */
function staffRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'debug', lazy: load(queryClient, () => import('./routes/app/debug')) },
    { path: 'debug/masquerade', lazy: load(queryClient, () => import('./routes/app/debug-masquerade')) },
    { path: 'debug/alerts', lazy: load(queryClient, () => import('./routes/app/debug-alerts')) },
    { path: 'debug/features', lazy: load(queryClient, () => import('./routes/app/debug-features')) },
    { path: 'env', lazy: load(queryClient, () => import('./routes/app/env')) },
    { path: 'status/cms-status', lazy: load(queryClient, () => import('./routes/app/cms-status')) },
  ]
}

/** The signed-in routes, with every /site/{slug} route behind the site guard. */
export function createSignedInRouter(queryClient: QueryClient) {
  const siteFeature = { path: '*', lazy: load(queryClient, () => import('./routes/app/site-feature')) }
  const siteHome = { index: true, lazy: load(queryClient, () => import('./routes/app/site-home')) }
  return createBrowserRouter([
    {
      path: '/',
      element: <RouterBridge />,
      errorElement,
      HydrateFallback: RouteLoader,
      children: [
        ...verificationRoutes(queryClient),
        {
          lazy: load(queryClient, () => import('./layouts/signed-in-layout')),
          children: [
            { index: true, lazy: load(queryClient, () => import('./routes/app/site-selector')) },
            {
              path: 'site/:slug',
              lazy: load(queryClient, () => import('./routes/app/site-layout')),
              children: [
                siteHome,
                {
                  path: 'section/:sectionSlug',
                  children: [siteHome, ...siteAreaRoutes(queryClient), siteFeature],
                },
                ...siteAreaRoutes(queryClient),
                siteFeature,
              ],
            },
            ...crossSiteRoutes(queryClient),
            { path: 'userprofile', lazy: load(queryClient, () => import('./routes/app/user-profile')) },
            {
              path: 'organisations/:id/sso',
              lazy: load(queryClient, () => import('./routes/app/organisation-sso')),
            },
            { path: 'invites/:token', lazy: load(queryClient, () => import('./routes/app/invite')) },
            ...staffRoutes(queryClient),
            {
              path: 'single-page-scan/:tabId?',
              lazy: load(queryClient, () => import('./routes/app/single-page-scan')),
            },
            { path: 'oauth/error', lazy: load(queryClient, () => import('./routes/auth/sso-error')) },
            { path: 'sso/error', lazy: load(queryClient, () => import('./routes/auth/sso-error')) },
            serverErrorRoute(queryClient),
            { path: '*', lazy: load(queryClient, () => import('./routes/app/not-found')) },
          ],
        },
      ],
    },
  ])
}
