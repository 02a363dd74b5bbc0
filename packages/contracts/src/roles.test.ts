import { describe, expect, it } from 'vitest'
import { highestRole, permissionsOf, roleAllows, SITE_PERMISSIONS, SITE_ROLES } from './roles.js'

describe('site roles', () => {
  it('a role has every permission of the roles below it', () => {
    expect(permissionsOf('viewer')).toEqual(['viewResults'])
    expect(permissionsOf('editor')).toEqual([
      'viewResults',
      'startScans',
      'editDictionaries',
      'assignIssues',
      'manageTickets',
      'viewMembers',
    ])
    expect(permissionsOf('admin')).toEqual(Object.keys(SITE_PERMISSIONS))
    for (const permission of permissionsOf('viewer')) expect(roleAllows('editor', permission)).toBe(true)
    for (const permission of permissionsOf('editor')) expect(roleAllows('admin', permission)).toBe(true)
  })

  it('settings, members and deleting the site are for admins only', () => {
    for (const permission of ['manageSettings', 'manageMembers', 'deleteSite'] as const) {
      expect(SITE_ROLES.filter((role) => roleAllows(role, permission))).toEqual(['admin'])
    }
  })

  it('the highest of several roles counts, none gives null', () => {
    expect(highestRole(['viewer', 'admin', 'editor'])).toBe('admin')
    expect(highestRole(['viewer', 'editor'])).toBe('editor')
    expect(highestRole([])).toBeNull()
  })
})
