import { describe, expect, it } from 'vitest'
import { createLighthouseLanes } from './lighthouse-lanes.js'

describe('Lighthouse lanes', () => {
  it('runs Lighthouse on every core while no page is audited, on its share while pages are', async () => {
    const lanes = createLighthouseLanes({ busy: 1, idle: 2 })
    const lighthouse = { concurrency: 1 }
    lanes.attach(lighthouse)
    expect(lighthouse.concurrency).toBe(2)
    let release: () => void = () => undefined
    const first = lanes.whileAuditing(() => new Promise<void>((resolve) => (release = resolve)))
    const second = lanes.whileAuditing(async () => expect(lighthouse.concurrency).toBe(1))
    await second
    expect(lighthouse.concurrency).toBe(1)
    release()
    await first
    expect(lighthouse.concurrency).toBe(2)
  })

  it('gives the lanes back when an audit fails', async () => {
    const lanes = createLighthouseLanes({ busy: 1, idle: 2 })
    const lighthouse = { concurrency: 1 }
    lanes.attach(lighthouse)
    await expect(lanes.whileAuditing(() => Promise.reject(new Error('page failed')))).rejects.toThrow(
      'page failed',
    )
    expect(lighthouse.concurrency).toBe(2)
  })
})
