import { InlineAlert } from '@/components/ui/notice'
import { isApiError } from '@/lib/api-client'
import { useNetworkHealth } from '../api/get-network-health'

/**
 * The session bootstrap checks GET /healthz/network (cached 15 minutes). When the API cannot reach its
 * database or Redis, every screen would fail in confusing ways, so the reason is said once, up front.
 */
export function NetworkHealthNotice() {
  const health = useNetworkHealth()
  // 503 is the API saying a service is down; other failures are not a statement about its health.
  const problem = isApiError(health.error, 503) ? health.error.message : (health.data?.error ?? null)
  if (!problem) return null
  return (
    <InlineAlert>
      <p>{problem}</p>
    </InlineAlert>
  )
}
