import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Modal, ModalBody } from '@/components/ui/modal'
import { getFeatureFlagsQueryOptions } from '@/lib/feature-flags'
import { FeatureFlagsPanel } from './feature-flags-panel'

/** Ctrl+Shift+F (with or without Caps Lock) opens the flag switcher. */
function isSwitcherShortcut(event: KeyboardEvent): boolean {
  return event.ctrlKey && event.shiftKey && !event.altKey && !event.metaKey && event.code === 'KeyF'
}

/**
 * The feature flag switcher: Ctrl+Shift+F opens the /debug/features list in a dialog, on hosts that are not
 * production only (the API says which); elsewhere the shortcut does nothing.
 */
export function FeatureSwitcher({ siteSlug, isStaff }: { siteSlug: string | null; isStaff: boolean }) {
  const flags = useQuery(getFeatureFlagsQueryOptions(siteSlug))
  const enabled = flags.data?.localOverrides === true
  const [isOpen, setOpen] = useState(false)

  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSwitcherShortcut(event)) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])

  if (!enabled) return null
  return (
    <Modal title="Feature flags" isOpen={isOpen} onOpenChange={setOpen} size="wide">
      <ModalBody>
        <FeatureFlagsPanel siteSlug={siteSlug} isStaff={isStaff} />
      </ModalBody>
    </Modal>
  )
}
