import { describe, expect, it } from 'vitest'
import { useCheckBrowser } from '../checks/testing.js'
import { describeSelector } from './element-keys.js'

const browser = useCheckBrowser()

describe('element keys in Chromium', () => {
  it('gives one element one key however it is found, and describes it', async () => {
    const page = await browser.open('<main><p>a</p><p id="x">b <b>c</b></p></main>')
    const byId = await describeSelector(page, '#x b')
    const byPath = await describeSelector(page, 'main > p:nth-of-type(2) > b')
    expect(byId).toEqual({ key: byPath?.key, selector: '#x > b', snippet: '<b>c</b>', label: 'c' })
    const first = await describeSelector(page, 'p')
    expect(first).toMatchObject({ selector: 'body > main > p:nth-of-type(1)', label: 'a' })
    expect(first?.key).not.toBe(byId?.key)
    expect(await describeSelector(page, '#missing')).toBeNull()
    expect(await describeSelector(page, '[[bad')).toBeNull()
  })
})
