import { describe, expect, it } from 'vitest'
import { MINUTE_MS, minuteStartOf, siteOffsetMs, slotInMinute } from './slots.js'

const INTERVAL = 5 * MINUTE_MS
const START = Date.UTC(2026, 10, 25, 8, 0)

function slotsOver(siteId: string, minutes: number): number[] {
  const slots: number[] = []
  for (let minute = 0; minute < minutes; minute += 1) {
    const slot = slotInMinute(siteId, START + minute * MINUTE_MS, INTERVAL)
    if (slot !== null) slots.push(slot)
  }
  return slots
}

describe('uptime slots', () => {
  it('checks a site exactly once per interval, always at the same offset', () => {
    const slots = slotsOver('site-a', 60)
    expect(slots).toHaveLength(12)
    for (const [index, slot] of slots.entries()) {
      expect(slot - (slots[0] ?? 0)).toBe(index * INTERVAL)
      expect(slot % INTERVAL).toBe(siteOffsetMs('site-a', INTERVAL))
    }
  })

  it('puts each slot inside the minute that enqueues it', () => {
    for (let minute = 0; minute < 10; minute += 1) {
      const minuteStart = START + minute * MINUTE_MS
      const slot = slotInMinute('site-b', minuteStart, INTERVAL)
      if (slot !== null) expect(minuteStartOf(slot)).toBe(minuteStart)
    }
  })

  it('spreads many sites over the interval rather than starting them together', () => {
    const perMinute = new Map<number, number>()
    for (let site = 0; site < 1000; site += 1) {
      const offset = siteOffsetMs(`site-${site}`, INTERVAL)
      const minute = Math.floor(offset / MINUTE_MS)
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1)
    }
    expect(perMinute.size).toBe(5)
    for (const count of perMinute.values()) expect(count).toBeGreaterThan(150)
  })
})
