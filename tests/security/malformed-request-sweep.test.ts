import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSection, createTestSiteWithAdminAndMember } from '../../apps/api/test/factories.js'
import { buildTestApp, type TestApp } from '../../apps/api/test/helper.js'

/**
 * A generated sweep of malformed requests over every endpoint of the OpenAPI document, signed in as a site
 * admin from Canopy's own page: whatever the path parameters, query and body, the API never answers 5xx,
 * and every 400 names the field it is about (its `errors` key, and the message starting with it).
 */
const RUNS = 2_500
/** Sign-out would end the sweep's session; it is swept by the per-route tests instead. */
const LEFT_OUT = new Set(['post /logout'])

interface Operation {
  method: string
  path: string
  query: string[]
  body: string[]
}

type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>
}
type OpenApiOperation = {
  parameters?: { in: string; name: string }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => !LEFT_OUT.has(`${method} ${path}`))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        // OpenAPI writes {slug}; the test helper fills :slug
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      })),
  )
}

/** Values that break naive handlers: wrong types, huge and empty text, control and broken characters. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '%',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>',
  ),
  fc.constantFrom('-1', '0', '1e308', 'NaN', 'Infinity', '9'.repeat(40), 'true', 'null', '[]', '{}'),
  fc.string({ minLength: 3_000, maxLength: 5_000 }),
)
const nastyValue = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nastyText, { maxKeys: 3 }),
)

/** A path parameter as a client may send it: percent-encoded, or raw bytes that are not UTF-8 at all. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodePathValue(params[name] ?? 'x'))
}

function requestOf(operation: Operation) {
  const pathValue = fc.oneof(
    fc.constant(''),
    nastyText.filter((text) => text.length < 500),
  )
  return fc.record({
    params: fc.dictionary(
      fc.constantFrom('slug', 'sectionId', 'scanId', 'issueName', 'kind', 'pageId'),
      pathValue,
    ),
    query: fc.dictionary(fc.constantFrom(...operation.query, 'page', 'search', 'x'), nastyText, {
      maxKeys: 4,
    }),
    body: fc.oneof(
      fc.dictionary(fc.constantFrom(...operation.body, 'unknown'), nastyValue, { maxKeys: 4 }),
      nastyValue,
    ),
  })
}

describe('a generated sweep of malformed requests over every endpoint', () => {
  let testApp: TestApp
  let operations: Operation[]
  let cookie: string
  let validParams: Record<string, string>

  beforeAll(async () => {
    testApp = await buildTestApp()
    const { app } = testApp
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const section = await createTestSection(app.prisma, { siteId: site.id, title: 'Swept' })
    cookie = adminCookie
    validParams = {
      slug: site.slug,
      sectionId: section.id,
      scanId: 'no-scan',
      issueName: 'image-alt',
      kind: 'pdf',
      pageId: 'p',
    }
    operations = operationsOf(app.swagger() as unknown as OpenApiDocument)
  })
  afterAll(() => testApp?.app.close())

  it(`${RUNS} requests: no 5xx, and every 400 names its field`, async () => {
    const { app } = testApp
    const tally = { sent: 0, '2xx/3xx': 0, '4xx': 0, '5xx': 0 }
    const arbitrary = fc
      .constantFrom(...operations)
      .chain((operation) => requestOf(operation).map((request) => ({ operation, request })))
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ operation, request }) => {
        const params = { ...validParams, ...request.params }
        const query = new URLSearchParams(request.query).toString()
        const response = await app.inject({
          method: operation.method as 'GET',
          url: `${fillPath(operation.path, params)}${query ? `?${query}` : ''}`,
          headers: { cookie, ...(operation.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(operation.method === 'GET' ? {} : { payload: JSON.stringify(request.body) }),
        })
        tally.sent += 1
        const bucket = response.statusCode >= 500 ? '5xx' : response.statusCode >= 400 ? '4xx' : '2xx/3xx'
        tally[bucket] += 1
        expect(
          response.statusCode,
          `${operation.method} ${operation.path} answered ${response.body.slice(0, 300)}`,
        ).toBeLessThan(500)
        if (response.statusCode === 400) {
          const body = response.json() as { message: string; errors?: Record<string, string> }
          const fields = Object.keys(body.errors ?? {})
          expect(fields.length, `${operation.method} ${operation.path}: ${response.body}`).toBeGreaterThan(0)
          expect(
            fields.some((field) => body.message.startsWith(`${field}: `)),
            body.message,
          ).toBe(true)
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.SWEEP_SEED ?? 20261125), endOnFailure: true },
    )
    console.info(`malformed-request sweep over ${operations.length} operations:`, JSON.stringify(tally))
    expect(tally.sent).toBeGreaterThanOrEqual(RUNS)
  }, 600_000)
})
