import { useCallback, useRef } from 'react'
import { useBeforeUnload, useBlocker } from 'react-router'

/**
 * Leaving a form with unsaved changes is held: a move to another screen of the app is blocked until the user
 * answers (the blocker's state is 'blocked'), and closing or reloading the tab makes the browser warn.
 * `allowNextNavigation` lets through the form's own move after a save (a new item's own address).
 */
export function useLeaveGuard(isDirty: boolean) {
  const allowed = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  )
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (isDirty) event.preventDefault()
      },
      [isDirty],
    ),
  )
  const allowNextNavigation = useCallback(() => {
    allowed.current = true
  }, [])
  return { blocker, allowNextNavigation }
}
