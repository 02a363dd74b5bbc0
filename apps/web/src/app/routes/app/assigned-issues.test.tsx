import type { AssignedIssue } from '@canopy/contracts'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { type FakeHandler, fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeSite, pageOf } from '@/testing/fixtures'
import { renderSiteRoute } from '@/testing/render-site-route'
import { Component as AssignedIssuesRoute } from './assigned-issues'

// these tests type and wait on a shared, busy machine: a slower render is not a failure
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 60_000 })

function makeAssignedIssue(index: number, overrides: Partial<AssignedIssue> = {}): AssignedIssue {
  return {
    issueId: 'image-alt',
    pageId: `page-${index}`,
    pageTitle: `Page ${index}`,
    pageUrl: `https://demo.example.test/page-${index}`,
    title: 'Images must have alternative text',
    category: 'accessibility',
    issueDescription: 'Ensures img elements have alternate text',
    issueDetails: null,
    issueLevel: 'A',
    assignee: null,
    assigner: { id: 'user-1', firstName: 'Ada', lastName: 'Admin', avatarUrl: '/api/v1/avatars/user-1' },
    createdAt: '2026-11-25T10:00:00.000Z',
    assignment: {
      assignedToId: 'design',
      assignedToName: 'Design',
      assignedById: 'user-1',
      assignedByName: 'Ada Admin',
      comment: 'Logo needs alt text',
      dateTime: '2026-11-25T10:00:00.000Z',
    },
    ...overrides,
  }
}

const USERS = {
  items: [
    { id: 'user-1', firstName: 'Ada', lastName: 'Admin' },
    { id: 'user-2', firstName: 'Bob', lastName: 'Builder' },
  ],
  pageIndex: 0,
  pageSize: 25,
  totalCount: 2,
}

function renderScreen(routes: Record<string, FakeHandler> = {}, site = makeSite({ role: 'editor' })) {
  const api = installFakeApi({
    'GET /api/v1/sites/:slug': reply(site),
    'GET /api/v1/sites/:slug/issues/assigned': (request) =>
      reply(pageOf(request.query.get('assignedTo') === 'me' ? [] : [makeAssignedIssue(1)], request.query)),
    'GET /api/v1/sites/:slug/users': reply(USERS),
    ...routes,
  })
  const result = renderSiteRoute(<AssignedIssuesRoute />, {
    url: '/site/demo-site/assigned-issues',
    path: 'assigned-issues',
  })
  return { ...result, api }
}

describe('assigned issues', () => {
  it('lists the assigned issues as cards with their assignee, comment and Go to issue, and passes axe', async () => {
    renderScreen()
    const card = (await screen.findByRole('heading', { name: /Images must have alternative text/ })).closest(
      'li',
    )
    if (!card) throw new Error('no card')
    expect(within(card).getByText('Design')).toBeInTheDocument()
    expect(within(card).getByText('Logo needs alt text')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: /Go to issue/ })).toHaveAttribute(
      'href',
      '/site/demo-site/pages/page-1/accessibility',
    )
    expect(within(card).getByRole('button', { name: /Edit issue/ })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Unassign issue/ })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Assigned by me' })).not.toBeChecked()
    expect(await findAxeViolations()).toEqual([])
  })

  it("filters by 'Assigned to' and 'Assigned by me', hiding the checkbox for Me, with each empty state", async () => {
    const events = userEvent.setup()
    const { api } = renderScreen({
      'GET /api/v1/sites/:slug/issues/assigned': (request) => reply(pageOf([], request.query)),
    })
    expect(await screen.findByText('No tasks assigned')).toBeInTheDocument()
    await events.click(screen.getByRole('checkbox', { name: 'Assigned by me' }))
    expect(await screen.findByText('No tasks assigned by you')).toBeInTheDocument()
    const lastQuery = () => api.calls.filter((call) => call.path.endsWith('/issues/assigned')).at(-1)?.query
    expect(lastQuery()?.get('assignedBy')).toBe('me')

    await events.click(screen.getByRole('button', { name: /Assigned to/ }))
    await events.click(await screen.findByRole('option', { name: 'Me' }))
    expect(await screen.findByText('No tasks assigned to you')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'Assigned by me' })).not.toBeInTheDocument()
    expect(lastQuery()?.get('assignedTo')).toBe('me')
    expect(lastQuery()?.get('assignedBy')).toBeNull()

    await events.click(screen.getByRole('button', { name: /Assigned to/ }))
    await events.click(await screen.findByRole('option', { name: 'Design' }))
    expect(await screen.findByText('No tasks assigned to the Design role')).toBeInTheDocument()
    expect(lastQuery()?.get('assignedTo')).toBe('design')
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows the error state when the list cannot be loaded', async () => {
    renderScreen({ 'GET /api/v1/sites/:slug/issues/assigned': fail(500, 'boom') })
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Please try again later.')).toBeInTheDocument()
  })

  it('hides reassigning from a viewer', async () => {
    renderScreen({}, makeSite({ role: 'viewer', hasAdminAccess: false }))
    await screen.findByRole('heading', { name: /Images must have alternative text/ })
    expect(screen.queryByRole('button', { name: /Edit issue/ })).not.toBeInTheDocument()
  })

  it('is not found below productVersion 2.1.0', async () => {
    renderScreen({}, makeSite({ productVersion: '2.0.9' }))
    await waitFor(() => expect(screen.queryByText(/Page not found|not found/i)).toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Assigned issues' })).not.toBeInTheDocument()
  })
})

describe('assign modal', () => {
  it('edits an assignment: traps focus, tabs by arrows, No changes to save, then sends the change', async () => {
    const events = userEvent.setup()
    const { api } = renderScreen({
      'PATCH /api/v1/sites/:slug/issues/:issueId/assignment': reply({ ok: true, assignment: null }),
    })
    await events.click(await screen.findByRole('button', { name: /Edit issue/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit issue' })
    const submit = within(dialog).getByRole('button', { name: 'Edit issue' })
    expect(submit).toBeDisabled()
    expect(within(dialog).getByText('No changes to save')).toBeInTheDocument()
    expect(within(dialog).getByRole('radio', { name: 'Design' })).toBeChecked()
    expect(within(dialog).getByText('19/1000 characters')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])

    // the tabs move by arrow keys
    const rolesTab = within(dialog).getByRole('tab', { name: 'Roles' })
    rolesTab.focus()
    await events.keyboard('{ArrowRight}')
    expect(within(dialog).getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
    await events.keyboard('{ArrowLeft}')
    expect(rolesTab).toHaveAttribute('aria-selected', 'true')

    // focus stays in the dialog
    for (let step = 0; step < 12; step += 1) {
      await events.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }

    await events.click(within(dialog).getByRole('radio', { name: 'Content creation' }))
    expect(submit).toBeEnabled()
    expect(within(dialog).queryByText('No changes to save')).not.toBeInTheDocument()
    await events.click(submit)
    expect(await screen.findByText('Successfully assigned task')).toBeInTheDocument()
    const patch = api.calls.find((call) => call.method === 'PATCH')
    expect(patch?.path).toBe('/api/v1/sites/demo-site/issues/image-alt/assignment')
    expect(patch?.body).toEqual({
      pageId: 'page-1',
      userId: 'content-creation',
      comment: 'Logo needs alt text',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('searches users (debounced, zero-based pages, inherited users), picks one, and Escape closes', async () => {
    const events = userEvent.setup()
    const { api } = renderScreen()
    await events.click(await screen.findByRole('button', { name: /Edit issue/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit issue' })
    await events.click(within(dialog).getByRole('tab', { name: 'Users' }))
    await events.click(await within(dialog).findByRole('radio', { name: 'Bob Builder' }))
    // choosing a user clears the role
    await events.click(within(dialog).getByRole('tab', { name: 'Roles' }))
    expect(within(dialog).getByRole('radio', { name: 'Design' })).not.toBeChecked()
    await events.click(within(dialog).getByRole('tab', { name: 'Users' }))
    const usersCall = api.calls.find((call) => call.path.endsWith('/users'))
    expect(Object.fromEntries(usersCall?.query ?? [])).toEqual({
      page: '0',
      sortBy: 'undefined',
      sortDir: 'asc',
      includeInherited: 'true',
    })
    await events.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'bob')
    await waitFor(() => expect(api.calls.some((call) => call.query.get('search') === 'bob')).toBe(true), {
      timeout: 2000,
    })
    expect(api.calls.filter((call) => call.path.endsWith('/users') && call.query.get('search'))).toHaveLength(
      1,
    )
    await events.keyboard('{Escape}')
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('loads the next zero-based page of users with Load more, and says when there are none', async () => {
    const events = userEvent.setup()
    const people = Array.from({ length: 27 }, (_, index) => ({
      id: `user-${index}`,
      firstName: 'Person',
      lastName: String(index).padStart(2, '0'),
    }))
    const { api } = renderScreen({
      'GET /api/v1/sites/:slug/users': (request) => {
        const page = Number(request.query.get('page'))
        if (request.query.get('search'))
          return reply({ items: [], pageIndex: 0, pageSize: 25, totalCount: 0 })
        return reply({
          items: people.slice(page * 25, page * 25 + 25),
          pageIndex: page,
          pageSize: 25,
          totalCount: 27,
        })
      },
    })
    await events.click(await screen.findByRole('button', { name: /Edit issue/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit issue' })
    await events.click(within(dialog).getByRole('tab', { name: 'Users' }))
    expect(await within(dialog).findByRole('radio', { name: 'Person 24' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('radio', { name: 'Person 26' })).not.toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Load more users' }))
    expect(await within(dialog).findByRole('radio', { name: 'Person 26' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/v1/sites/:slug/users').map((call) => call.query.get('page'))).toEqual([
      '0',
      '1',
    ])
    expect(within(dialog).queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument()
    await events.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'zz')
    expect(
      await within(dialog).findByText("You don't have any users", {}, { timeout: 2000 }),
    ).toBeInTheDocument()
  })

  it("says 'Failed to load users' and 'Failed to edit issue'", async () => {
    const events = userEvent.setup()
    renderScreen({
      'GET /api/v1/sites/:slug/users': fail(500, 'boom'),
      'PATCH /api/v1/sites/:slug/issues/:issueId/assignment': fail(500, 'boom'),
    })
    await events.click(await screen.findByRole('button', { name: /Edit issue/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit issue' })
    await events.click(within(dialog).getByRole('tab', { name: 'Users' }))
    expect(await within(dialog).findByText('Failed to load users')).toBeInTheDocument()
    await events.click(within(dialog).getByRole('tab', { name: 'Roles' }))
    await events.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '!')
    await events.click(within(dialog).getByRole('button', { name: 'Edit issue' }))
    expect(await screen.findByText('Failed to edit issue')).toBeInTheDocument()
  })

  it('unassigns from the card with a toast', async () => {
    const events = userEvent.setup()
    const { api } = renderScreen({
      'DELETE /api/v1/sites/:slug/issues/:issueId/assignment': reply({ ok: true, assignment: null }),
    })
    await events.click(await screen.findByRole('button', { name: /Unassign issue/ }))
    expect(await screen.findByText('Issue unassigned')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'DELETE')?.body).toEqual({ pageId: 'page-1' })
  })
})
