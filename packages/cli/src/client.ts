import type { NewIssue, Scores } from './gate.js'

/** A failed API call, with the API's own message when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

interface ScanStatus {
  id: string
  state: 'queued' | 'running' | 'completed' | 'failed'
  progress: number
  error: string | null
}

const ISSUE_CATEGORIES = ['accessibility', 'content-quality', 'seo', 'performance'] as const
/** the API's largest page of a list */
const PAGE_SIZE = 100

/** The few calls of the Canopy REST API the CLI makes, authenticated with a personal API token. */
export function createApiClient(baseUrl: string, token: string, fetchImpl: typeof fetch = fetch) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(new URL(path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    const json = text ? (JSON.parse(text) as unknown) : null
    if (!response.ok) {
      const message = (json as { message?: string } | null)?.message ?? response.statusText
      throw new ApiError(response.status, `${method} ${path}: ${response.status} ${message}`)
    }
    return json as T
  }
  const site = (slug: string) => `/api/v1/sites/${encodeURIComponent(slug)}`

  return {
    /** A single-page scan of any address; its answer comes over Socket.IO (waitForSinglePageAnswer). */
    startSinglePageScan: (uri: string) =>
      call<{ success: boolean; id?: string }>('POST', '/api/v1/scans', { uri, useSocket: true }),
    startSiteScan: (slug: string) => call<{ scanId: string }>('POST', `${site(slug)}/scan`),
    startPageScan: (slug: string, uri: string) =>
      call<{ scanId: string }>('POST', `${site(slug)}/scans`, { uri }),
    scanStatus: (slug: string) =>
      call<{ active: ScanStatus | null; lastFinished: ScanStatus | null }>(
        'GET',
        `${site(slug)}/scan-status`,
      ),
    scan: (slug: string, scanId: string) =>
      call<ScanStatus>('GET', `${site(slug)}/scans/${encodeURIComponent(scanId)}`),

    /** The latest point of each score series; null for a score with no data (-0.1) or no scan. */
    async latestScores(slug: string): Promise<Scores> {
      type Point = { y: number }
      const history = await call<Record<string, Point[]>>('GET', `${site(slug)}/history`)
      const last = (series: Point[] | undefined) => {
        const y = series?.at(-1)?.y
        return y === undefined || y < 0 ? null : Math.round(y * 10) / 10
      }
      return {
        accessibility: last(history.accessibility),
        contentQuality: last(history.contentQuality),
        seo: last(history.seo),
        performance: last(history.performance),
      }
    },

    /** Issues failing on pages where they did not fail before the last scan, in every category. */
    async newFailedIssues(slug: string): Promise<NewIssue[]> {
      const found: NewIssue[] = []
      for (const category of ISSUE_CATEGORIES) {
        type Item = { id: string; title: string; pagesNew: number }
        const query = `category=${category}&status=new&pageSize=${PAGE_SIZE}&sortBy=pagesNew&sortDir=desc`
        const list = await call<{ items: Item[] }>('GET', `${site(slug)}/issues?${query}`)
        for (const item of list.items) {
          found.push({ category, id: item.id, title: item.title, pagesNew: item.pagesNew })
        }
      }
      return found
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
