import { createContext, useContext } from 'react'
import type { FullPageScreenshot, NodeValue } from '../details'

export type AuditRendererOptions = {
  /** the LHR's full-page screenshot, from which Lighthouse nodes get their element thumbnails */
  fullPageScreenshot?: FullPageScreenshot | null
  /**
   * Where the API serves a node's stored element screenshot (its screenshotPath, relative to the artifacts
   * folder); undefined when it does not
   */
  elementScreenshotUrl?: (screenshotPath: string) => string | undefined
  /** when a page renderer sits beside the audits, a node can be highlighted in it */
  onHighlightNode?: (node: NodeValue) => void
}

const AuditRendererContext = createContext<AuditRendererOptions>({})

export const AuditRendererProvider = AuditRendererContext.Provider

export function useAuditRendererOptions(): AuditRendererOptions {
  return useContext(AuditRendererContext)
}
