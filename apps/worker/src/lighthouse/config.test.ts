import { describe, expect, it } from 'vitest'
import { buildLighthouseConfig } from './config.js'

describe('buildLighthouseConfig', () => {
  it("measures with the site's own user agent when it names one, keeping the form factor's other settings", () => {
    const config = buildLighthouseConfig('mobile', 'tuned', 'ExampleOrgBot/2.0')
    expect(config.settings).toMatchObject({ emulatedUserAgent: 'ExampleOrgBot/2.0', formFactor: 'mobile' })
    expect(buildLighthouseConfig('desktop', 'default', 'ExampleOrgBot/2.0').settings).toMatchObject({
      emulatedUserAgent: 'ExampleOrgBot/2.0',
      formFactor: 'desktop',
    })
  })

  it("keeps Lighthouse's user agent for the form factor otherwise", () => {
    const emulated = buildLighthouseConfig('mobile', 'tuned').settings?.emulatedUserAgent
    expect(emulated).toMatch(/Mozilla\/5\.0/)
    expect(buildLighthouseConfig('mobile', 'default').settings).toBeUndefined()
  })
})
