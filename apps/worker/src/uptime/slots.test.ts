import { describe, expect, it } from 'vitest'
import { MINUTE_MS, siteOffsetMs, slotInTick, tickStartOf } from './slots.js'

const INTERVAL = 5 * MINUTE_MS
const START = Date.UTC(2026, 10, 25, 8, 0)

function slotsOver(siteId: string, minutes: number): number[] {
  const slots: number[] = []
  for (let minute = 0; minute < minutes; minute += 1) {
    const slot = slotInTick(siteId, START + minute * MINUTE_MS, INTERVAL)
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

  it('puts each slot inside the tick that enqueues it', () => {
    for (let minute = 0; minute < 10; minute += 1) {
      const minuteStart = START + minute * MINUTE_MS
      const slot = slotInTick('site-b', minuteStart, INTERVAL)
      if (slot !== null) expect(tickStartOf(slot, INTERVAL)).toBe(minuteStart)
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

  it('checks every few seconds when the interval is under a minute: one slot per tick of that length', () => {
    const interval = 10_000
    const slots: number[] = []
    for (let tick = START; tick < START + MINUTE_MS; tick += interval) {
      const slot = slotInTick('site-c', tick, interval)
      if (slot !== null) slots.push(slot)
    }
    expect(slots).toHaveLength(6)
    for (const slot of slots) expect(slot % interval).toBe(siteOffsetMs('site-c', interval))
  })
})
