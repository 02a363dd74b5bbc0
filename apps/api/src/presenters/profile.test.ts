import { AVATAR_COLOURS } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { avatarColourFor, initialsOf } from '../services/avatar-service.js'
import { describeDevice } from './profile.js'

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
      'Safari on iOS',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
    ['something else', 'Unknown device'],
  ])('%s -> %s', (userAgent, device) => {
    expect(describeDevice(userAgent)).toBe(device)
  })
})

describe('avatars', () => {
  it('picks the same one of the twelve colours for a user id every time, and spreads ids over them', () => {
    expect(avatarColourFor('user-1')).toEqual(avatarColourFor('user-1'))
    const used = new Set(Array.from({ length: 400 }, (_, index) => avatarColourFor(`user-${index}`).name))
    expect(used.size).toBe(AVATAR_COLOURS.length)
  })

  it('takes the first letters of the first and last name', () => {
    expect(initialsOf({ firstName: 'ada', lastName: 'Lovelace' })).toBe('AL')
    expect(initialsOf({ firstName: 'Émile', lastName: '' })).toBe('É')
  })
})
