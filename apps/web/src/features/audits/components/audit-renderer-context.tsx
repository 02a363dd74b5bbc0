import { createContext, useContext } from 'react'
import type { FullPageScreenshot, NodeValue } from '../details'

export type AuditRendererOptions = {
  /** the LHR's full-page screenshot, from which Lighthouse nodes get their element thumbnails */
  fullPageScreenshot?: FullPageScreenshot | null
  /** when a page renderer sits beside the audits, a node can be highlighted in it */
  onHighlightNode?: (node: NodeValue) => void
}

const AuditRendererContext = createContext<AuditRendererOptions>({})

export const AuditRendererProvider = AuditRendererContext.Provider

export function useAuditRendererOptions(): AuditRendererOptions {
  return useContext(AuditRendererContext)
}
