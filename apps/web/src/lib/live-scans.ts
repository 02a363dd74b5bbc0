import {
  type ActiveScan,
  ActiveScanSchema,
  SCAN_SOCKET_EVENTS,
  type ScanProgressEvent,
  ScanProgressEventSchema,
  type SiteScanStatus,
  SiteScanStatusSchema,
} from '@canopy/contracts'
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from './api-client'
import { type AppSocket, joinSiteRooms, useSocket, useSocketConnected } from './socket'

/**
 * The scans under way, live: GET /api/v1/scans (the header's panel, /scans) and a site's scan-status (its
 * dashboard) are fetched once, then kept current by the socket's scan-progress events written into the
 * cache. Only while the socket is disconnected do they fall back to polling every 10 s.
 */

/** Everything a site's screens cache lives under its detail key, so a finished scan refreshes it at once. */
export const liveScanQueryKeys = {
  active: () => ['scans', 'active'] as const,
  site: (siteSlug: string) => ['sites', 'detail', siteSlug] as const,
  siteStatus: (siteSlug: string) => ['sites', 'detail', siteSlug, 'scan-status'] as const,
  siteLists: () => ['sites', 'list'] as const,
}

const ActiveScansSchema = z.array(ActiveScanSchema)

/** How often a site's scan under way is checked while the socket is connected (events do the rest). */
const LIVE_SAFETY_REFRESH_MS = 60_000

export function getActiveScans(signal?: AbortSignal) {
  return requestApi('/api/v1/scans', { schema: ActiveScansSchema, signal })
}

export function getSiteScanStatus(siteSlug: string, signal?: AbortSignal) {
  return requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/scan-status`, {
    schema: SiteScanStatusSchema,
    signal,
  })
}

/** platform.md §9: active scans go stale after 10 s; they are polled every 10 s only without the socket. */
export const getActiveScansQueryOptions = (isLive: boolean) =>
  queryOptions({
    queryKey: liveScanQueryKeys.active(),
    queryFn: ({ signal }) => getActiveScans(signal),
    staleTime: STALE_TIME.activeScans,
    refetchInterval: isLive ? false : STALE_TIME.activeScans,
  })

export const getSiteScanStatusQueryOptions = (siteSlug: string, isLive: boolean) =>
  queryOptions({
    queryKey: liveScanQueryKeys.siteStatus(siteSlug),
    queryFn: ({ signal }) => getSiteScanStatus(siteSlug, signal),
    staleTime: STALE_TIME.activeScans,
    // Without the socket a scan under way is followed by polling every 10 s; with it, a slow check catches
    // a scan that ended before the socket was in the site's room. A quiet site is not asked again.
    refetchInterval: (query) =>
      query.state.data?.active ? (isLive ? LIVE_SAFETY_REFRESH_MS : STALE_TIME.activeScans) : false,
  })

export function useActiveScans() {
  const isLive = useSocketConnected(useSocket())
  return useQuery(getActiveScansQueryOptions(isLive))
}

export function useSiteScanStatus(siteSlug: string) {
  const isLive = useSocketConnected(useSocket())
  return useQuery(getSiteScanStatusQueryOptions(siteSlug, isLive))
}

const isFinished = (event: ScanProgressEvent) => event.state === 'completed' || event.state === 'failed'

/** An active scan after an event: its counts and state move on; a running scan has no queue position. */
export function applyEventToActiveScan(scan: ActiveScan, event: ScanProgressEvent): ActiveScan {
  const state = event.state === 'running' ? 'running' : scan.state
  return {
    ...scan,
    state,
    progress: event.progress,
    qaFinished: event.qaFinished,
    qaEnqueued: event.qaEnqueued,
    queuePosition: state === 'running' ? null : scan.queuePosition,
    startedAt: state === 'running' ? (scan.startedAt ?? new Date().toISOString()) : scan.startedAt,
  }
}

/** A site's scan status after an event about its active scan; null when only a fetch can tell (it ended). */
export function applyEventToSiteStatus(
  status: SiteScanStatus,
  event: ScanProgressEvent,
): SiteScanStatus | null {
  const active = status.active
  if (!active || active.id !== event.id || isFinished(event)) return null
  const running = event.state === 'running'
  return {
    ...status,
    queuePosition: running ? 0 : status.queuePosition,
    active: {
      ...active,
      state: event.state,
      progress: event.progress,
      pagesQueued: event.qaEnqueued,
      pagesScanned: Math.max(0, event.qaFinished - active.pagesFailed),
      startedAt: running ? (active.startedAt ?? new Date().toISOString()) : active.startedAt,
    },
  }
}

/** The slugs of the site an event is about, from whatever the cache knows of that site id. */
function findSiteSlugs(queryClient: QueryClient, event: ScanProgressEvent): Set<string> {
  const slugs = new Set<string>()
  const active = queryClient.getQueryData<ActiveScan[]>(liveScanQueryKeys.active()) ?? []
  for (const scan of active) {
    const site = scan.originalConfig
    if (site && (scan.id === event.id || site.sys.id === event.siteId)) slugs.add(site.sys.slug)
  }
  for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: ['sites', 'detail'] })) {
    const slug = key[2]
    if (typeof slug !== 'string') continue
    const isSiteConfig = key.length === 3 && (data as { sys?: { id?: string } } | undefined)?.sys?.id
    if (isSiteConfig && isSiteConfig === event.siteId) slugs.add(slug)
    if (key[3] === 'scan-status' && (data as SiteScanStatus | undefined)?.active?.id === event.id)
      slugs.add(slug)
  }
  return slugs
}

/** Scans already refetched for because an event named them before the list did: once each. */
const refetchedForUnknownScan = new WeakMap<QueryClient, Set<string>>()

function refetchOnceForNewScan(queryClient: QueryClient, event: ScanProgressEvent) {
  let seen = refetchedForUnknownScan.get(queryClient)
  if (!seen) {
    seen = new Set()
    refetchedForUnknownScan.set(queryClient, seen)
  }
  if (seen.has(event.id)) return
  seen.add(event.id)
  void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.active(), exact: true })
}

function updateActiveScans(queryClient: QueryClient, event: ScanProgressEvent) {
  const list = queryClient.getQueryData<ActiveScan[]>(liveScanQueryKeys.active())
  if (!list) return
  const known = list.some((scan) => scan.id === event.id)
  if (isFinished(event)) {
    if (!known) return
    queryClient.setQueryData<ActiveScan[]>(
      liveScanQueryKeys.active(),
      list.filter((scan) => scan.id !== event.id),
    )
    // The scans queued behind it moved up: their positions come from the server.
    void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.active(), exact: true })
    return
  }
  if (!known) return refetchOnceForNewScan(queryClient, event)
  queryClient.setQueryData<ActiveScan[]>(
    liveScanQueryKeys.active(),
    list.map((scan) => (scan.id === event.id ? applyEventToActiveScan(scan, event) : scan)),
  )
}

function updateSiteStatus(queryClient: QueryClient, event: ScanProgressEvent, siteSlug: string) {
  const key = liveScanQueryKeys.siteStatus(siteSlug)
  const status = queryClient.getQueryData<SiteScanStatus>(key)
  if (!status) return
  const next = applyEventToSiteStatus(status, event)
  if (next) {
    queryClient.setQueryData(key, next)
    return
  }
  // A scan of the site this status does not hold yet (single-page scans are not the dashboard's concern).
  if (status.active?.id !== event.id && (event.kind === 'single-page' || isFinished(event))) return
  void queryClient.invalidateQueries({ queryKey: key, exact: true })
}

/**
 * Writes one scan-progress event into the cache: the active scans and the site's scan status move on with
 * no request; when a scan ends, everything cached about its site (scores, history, lists) is refetched.
 */
export function applyScanProgress(queryClient: QueryClient, event: ScanProgressEvent): void {
  const siteSlugs = findSiteSlugs(queryClient, event)
  updateActiveScans(queryClient, event)
  for (const slug of siteSlugs) {
    if (isFinished(event) && event.kind !== 'single-page') {
      void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.site(slug) })
      void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.siteLists() })
    } else updateSiteStatus(queryClient, event, slug)
  }
}

/**
 * Listens to the socket's scan-progress events for the cache. After a (re)connection the active scans are
 * fetched again: events sent while the socket was away are lost.
 */
export function subscribeScanProgress(socket: AppSocket, queryClient: QueryClient): () => void {
  const onProgress = (payload: unknown) => {
    const event = ScanProgressEventSchema.safeParse(payload)
    if (event.success) applyScanProgress(queryClient, event.data)
  }
  const onReconnect = () => {
    void queryClient.invalidateQueries({ queryKey: liveScanQueryKeys.active(), exact: true })
  }
  socket.on(SCAN_SOCKET_EVENTS.progress, onProgress)
  socket.io.on('reconnect', onReconnect)
  return () => {
    socket.off(SCAN_SOCKET_EVENTS.progress, onProgress)
    socket.io.off('reconnect', onReconnect)
  }
}

/**
 * Mounted once in the signed-in frame: follows scan progress over the session's socket, in the rooms of
 * the site on screen and of every site with a scan under way.
 */
export function useLiveScans(currentSiteSlug: string | null): void {
  const socket = useSocket()
  const queryClient = useQueryClient()
  const scans = useActiveScans()
  useEffect(() => (socket ? subscribeScanProgress(socket, queryClient) : undefined), [socket, queryClient])
  const slugs = [
    currentSiteSlug,
    ...(scans.data ?? []).map((scan) => scan.originalConfig?.sys.slug ?? null),
  ].filter((slug): slug is string => Boolean(slug))
  const roomKey = [...new Set(slugs)].sort().join('\n')
  useEffect(() => {
    if (socket && roomKey !== '') joinSiteRooms(socket, roomKey.split('\n'))
  }, [socket, roomKey])
}
