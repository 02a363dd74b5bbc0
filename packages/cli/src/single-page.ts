import { io } from 'socket.io-client'
import { ApiError } from './client.js'
import type { NewIssue, Scores } from './gate.js'

interface CategoryResult {
  score: number | null
  audits: { failed: { id: string; title: string }[] }
}

/** What a single-page scan answers (the API's SinglePageScanAnswer, the parts the CLI reads). */
export interface SinglePageAnswer {
  id: string
  success: boolean
  message?: string
  result?: {
    url: string
    accessibility: CategoryResult
    seo: CategoryResult
    performance: CategoryResult
    contentquality: CategoryResult
  }
}

/**
 * Follows the scan over Socket.IO, signed in with the API token, as the web app follows it: asks for the
 * scan's room (waitForScan), which also answers at once when the scan has already finished.
 */
export function waitForSinglePageAnswer(
  { baseUrl, token }: { baseUrl: string; token: string },
  scanId: string,
  timeoutSeconds: number,
): Promise<SinglePageAnswer> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  })
  return new Promise<SinglePageAnswer>((resolve, reject) => {
    const settle = (outcome: { answer: SinglePageAnswer } | { error: ApiError }) => {
      clearTimeout(timer)
      socket.disconnect()
      if ('answer' in outcome) resolve(outcome.answer)
      else reject(outcome.error)
    }
    const fail = (message: string) => settle({ error: new ApiError(0, message) })
    const timer = setTimeout(
      () => fail(`the scan did not finish within ${timeoutSeconds} s`),
      timeoutSeconds * 1000,
    )
    socket.on('connect_error', (error) => fail(`could not follow the scan over Socket.IO: ${error.message}`))
    socket.on('scan-response', (answer: SinglePageAnswer) => {
      if (answer.id === scanId) settle({ answer })
    })
    socket.on('scan-error', (event: { id: string; message: string }) => {
      if (event.id === scanId) fail(`the scan failed: ${event.message}`)
    })
    socket.on('connect', () => {
      socket.emit('waitForScan', scanId, (ack: { ok: boolean; error?: string }) => {
        if (!ack.ok) fail(`could not follow the scan: ${ack.error ?? 'refused'}`)
      })
    })
  })
}

const roundScore = (score: number | null) => (score === null ? null : Math.round(score * 10) / 10)

/** The page's four scores and its failed issues (each counted on its one page). */
export function readSinglePageAnswer(answer: SinglePageAnswer): { scores: Scores; failed: NewIssue[] } {
  if (!answer.success || !answer.result)
    throw new ApiError(0, `the scan failed: ${answer.message ?? 'no reason given'}`)
  const { result } = answer
  const categories = [
    ['accessibility', result.accessibility],
    ['content-quality', result.contentquality],
    ['seo', result.seo],
    ['performance', result.performance],
  ] as const
  return {
    scores: {
      accessibility: roundScore(result.accessibility.score),
      contentQuality: roundScore(result.contentquality.score),
      seo: roundScore(result.seo.score),
      performance: roundScore(result.performance.score),
    },
    failed: categories.flatMap(([category, found]) =>
      found.audits.failed.map((audit) => ({ category, id: audit.id, title: audit.title, pagesNew: 1 })),
    ),
  }
}
