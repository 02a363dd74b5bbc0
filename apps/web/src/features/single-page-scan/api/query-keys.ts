import type { SinglePageScanRequest } from '@canopy/contracts'

export const singlePageScanQueryKeys = {
  all: ['single-page-scan'] as const,
  start: (request: SinglePageScanRequest) => [...singlePageScanQueryKeys.all, 'start', request] as const,
  answer: (scanId: string) => [...singlePageScanQueryKeys.all, 'answer', scanId] as const,
  progress: (scanId: string) => [...singlePageScanQueryKeys.all, 'progress', scanId] as const,
}
