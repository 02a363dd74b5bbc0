import { describe, expect, it } from 'vitest'
import { isConnectionError, isNetworkError } from './connection-errors.js'

describe('isConnectionError', () => {
  it('recognises terminated and closed connections, however deep in the cause chain', () => {
    expect(
      isConnectionError(
        new Error('query failed', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true)
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true)
  })

  it('recognises PostgreSQL shutting down or starting up, and Prisma’s unreachable server', () => {
    expect(isConnectionError(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true)
    expect(isConnectionError(Object.assign(new Error('starting up'), { originalCode: '57P03' }))).toBe(true)
    expect(isConnectionError(Object.assign(new Error('unreachable'), { code: 'P1001' }))).toBe(true)
  })

  it('leaves a refused connection to the service monitor: the scanned site refuses connections too', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' })
    expect(isConnectionError(new TypeError('fetch failed', { cause: refused }))).toBe(false)
    expect(isNetworkError(refused)).toBe(true)
  })

  it('leaves the job’s own faults alone', () => {
    expect(isConnectionError(new Error('page.goto: Timeout 5000ms exceeded'))).toBe(false)
    expect(isConnectionError(Object.assign(new Error('unique'), { code: 'P2002' }))).toBe(false)
    expect(isConnectionError(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false)
    expect(isConnectionError('not an error')).toBe(false)
  })
})
