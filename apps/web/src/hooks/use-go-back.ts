import { useCallback } from 'react'
import { useNavigate } from 'react-router'

/**
 * Goes back in the browser's history when the app brought the user here, else to `fallbackHref` (a screen
 * opened from a bookmark or a new tab has nothing of ours to go back to).
 */
export function useGoBack(): (fallbackHref: string) => void {
  const navigate = useNavigate()
  return useCallback(
    (fallbackHref: string) => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
      if (index > 0) navigate(-1)
      else navigate(fallbackHref)
    },
    [navigate],
  )
}
