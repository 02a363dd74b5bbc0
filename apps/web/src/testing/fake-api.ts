import { vi } from 'vitest'
import { makeFeatureFlagList } from './fixtures'

/**
 * A stand-in for the API at the network boundary: tests describe answers per "METHOD /path" (with
 * :params), and the app's real fetch calls reach them. Nothing of the app itself is mocked.
 */
export type FakeRequest = {
  method: string
  path: string
  params: Record<string, string>
  query: URLSearchParams
  body: unknown
  credentials: RequestCredentials | undefined
}

export type FakeResponse = { status: number; body?: unknown }
export type FakeHandler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>)

export function reply(body: unknown, status = 200): FakeResponse {
  return { status, body }
}

export function fail(status: number, message?: string, extra: Record<string, unknown> = {}): FakeResponse {
  const error =
    { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Error'
  return { status, body: message === undefined ? {} : { statusCode: status, error, message, ...extra } }
}

function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = []
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  const match = path.match(new RegExp(`^${source}$`))
  if (!match) return null
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]))
}

/** What a healthy API answers when a test does not say otherwise. */
const DEFAULT_ROUTES: Record<string, FakeHandler> = {
  'GET /healthz/network': { status: 200, body: { error: null } },
  // every flag off, on a host that lets a test switch one on in local storage
  'GET /api/v1/features': (request) => reply(makeFeatureFlagList({ site: request.query.get('site') })),
}

export function installFakeApi(testRoutes: Record<string, FakeHandler>) {
  const routes = { ...DEFAULT_ROUTES, ...testRoutes }
  const calls: FakeRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin)
    const method = (init.method ?? 'GET').toUpperCase()
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    for (const [key, handler] of Object.entries(routes)) {
      const [routeMethod, routePath = ''] = key.split(' ')
      const params = routeMethod === method ? matchRoute(routePath, url.pathname) : null
      if (!params) continue
      const request = {
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        body,
        credentials: init.credentials,
      }
      calls.push(request)
      const response = typeof handler === 'function' ? await handler(request) : handler
      const text = response.body === undefined ? '' : JSON.stringify(response.body)
      return new Response(text === '' ? null : text, {
        status: response.status,
        headers: { 'Content-Type': 'application/json' },
      })
    }
    calls.push({
      method,
      path: url.pathname,
      params: {},
      query: url.searchParams,
      body,
      credentials: init.credentials,
    })
    return new Response(
      JSON.stringify({
        statusCode: 404,
        error: 'Not Found',
        message: `No fake for ${method} ${url.pathname}`,
      }),
      {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    /** The requests made to one "METHOD /path" pattern. */
    callsTo: (key: string) => {
      const [method, pattern = ''] = key.split(' ')
      return calls.filter((call) => call.method === method && matchRoute(pattern, call.path) !== null)
    },
  }
}
