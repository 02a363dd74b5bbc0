import { JOBS } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { ALL_JOBS } from './index.js'

describe('the worker’s jobs', () => {
  it('are exactly the catalogue’s, each run on the catalogue’s queue with its options and schema', () => {
    const catalogue = Object.values(JOBS)
    expect(ALL_JOBS.map((job) => job.name).sort()).toEqual(catalogue.map((spec) => spec.name).sort())
    for (const job of ALL_JOBS) {
      const spec = catalogue.find((entry) => entry.name === job.name)
      expect(job.spec, job.name).toBe(spec)
      expect(job.queue).toBe(spec?.queue)
    }
  })
})
