import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SitePermission } from '@canopy/contracts'
import type {
  FastifyInstance,
  FastifyServerOptions,
  HTTPMethods,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import { afterAll } from 'vitest'
import { buildApp } from '../src/app.js'
import { type Config, loadConfig } from '../src/config.js'

export interface RouteEntry {
  method: HTTPMethods
  url: string
  /** the zod schema of the body, when the route takes one */
  body: unknown
  querystring: unknown
  onRequest: onRequestAsyncHookHandler[]
  /** the permission a site route declares (config.permission) */
  permission: SitePermission | undefined
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  /** every route the app registered, as the router sees it (HEAD twins of GET routes left out) */
  routes: RouteEntry[]
}

function toList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * The application as the process builds it, on the run's database and Redis (tests/integration/setup-env.ts).
 * E-mail goes to a fresh directory unless the test points SMTP_URL at its own server.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  logger: FastifyServerOptions['logger'] = false,
): Promise<TestApp> {
  const mailDir = await mkdtemp(path.join(tmpdir(), 'canopy-api-mail-'))
  const config: Config = {
    ...loadConfig({ ...process.env, WEB_DIST_DIR: path.join(mailDir, 'no-web-build') }),
    mailDir,
    smtpUrl: null,
    // Queued at start, first scans would race the tests' own scans of the sites they create.
    queueFirstScans: false,
    ...overrides,
  }
  const routes: RouteEntry[] = []
  const app = buildApp(config, logger)
  // Added before the plugins load, so it sees every route they register.
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of toList(route.method)) {
      if (method === 'HEAD') continue
      routes.push({
        method,
        url: route.url,
        body: route.schema?.body,
        querystring: route.schema?.querystring,
        onRequest: toList(route.onRequest) as onRequestAsyncHookHandler[],
        permission: route.config?.permission,
      })
    }
  })
  await app.ready()
  return { app, config, routes }
}

/** One app per test file, closed when the file is done. */
export function useTestApp(overrides: Partial<Config> = {}) {
  let testApp: TestApp | undefined
  afterAll(async () => {
    await testApp?.app.close()
  })
  return async () => {
    testApp ??= await buildTestApp(overrides)
    return testApp
  }
}

/** The Cookie header value of a reply's Set-Cookie, for the next request of the same "browser". */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = toList(setCookie)[0]
  if (!first) throw new Error('the reply set no cookie')
  return first.split(';')[0] ?? ''
}

/** Routes that are not part of the API itself: the OpenAPI UI and the web app's static files. */
export function isApiRoute(route: RouteEntry): boolean {
  return !route.url.startsWith('/api/docs') && route.url !== '/*'
}

/** The route's URL with its :parameters filled in; a parameter without a value is an error in the test. */
/**
 * The route's URL with its :parameters filled in. A value keyed `name@fragment` fills :name only in URLs
 * containing the fragment (e.g. `kind@/inventory/`), for a parameter name two route families share.
 */
export function fillRoute(url: string, values: Record<string, string>): string {
  const specific = (name: string) =>
    Object.entries(values).find(
      ([key]) => key.startsWith(`${name}@`) && url.includes(key.slice(name.length + 1)),
    )?.[1]
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = specific(name) ?? values[name]
    if (value === undefined) throw new Error(`no test value for :${name} in ${url}: add one to the test`)
    return encodeURIComponent(value)
  })
}
