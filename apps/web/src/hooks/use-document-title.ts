import { useEffect } from 'react'

/** Every screen names itself in the browser tab (WCAG 2.4.2), followed by the product name. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} – Canopy`
  }, [title])
}
