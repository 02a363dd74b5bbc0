import { DEFAULT_API_ERROR_MESSAGE, UserSchema } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { ApiError, buildApiUrl, requestApi, requestApiWithAccess } from './api-client'

async function catchError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

describe('requestApi', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const api = installFakeApi({ 'POST /login': reply({ ok: true }) })
    await expect(requestApi('/login', { method: 'POST', body: { username: 'a@b.c' } })).resolves.toEqual({
      ok: true,
    })
    const [call] = api.callsTo('POST /login')
    expect(call?.credentials).toBe('include')
    expect(call?.body).toEqual({ username: 'a@b.c' })
  })

  it('turns a non-2xx answer into an ApiError using body.message first', async () => {
    installFakeApi({ 'GET /api/v1/sites/:slug': fail(404, 'Site not found') })
    const error = await catchError(requestApi('/api/v1/sites/other'))
    expect(error.message).toBe('Site not found')
    expect(error.statusCode).toBe(404)
    expect(error.statusText).toBe('Not Found')
    expect(error.data).toEqual({ statusCode: 404, error: 'Not Found', message: 'Site not found' })
  })

  it('falls back to body.error when there is no message', async () => {
    installFakeApi({ 'GET /auth/current-user': reply({ error: 'Unauthorized' }, 401) })
    const error = await catchError(requestApi('/auth/current-user'))
    expect(error.message).toBe('Unauthorized')
    expect(error.statusCode).toBe(401)
  })

  it("falls back to the spec's message when the body has neither message nor error", async () => {
    installFakeApi({ 'GET /healthz/network': { status: 502 } })
    const error = await catchError(requestApi('/healthz/network'))
    expect(error.message).toBe(DEFAULT_API_ERROR_MESSAGE)
    expect(error.message).toBe('Something went wrong, please try again later or contact support.')
    expect(error.data).toBeNull()
  })

  it('exposes validation errors by field name', async () => {
    installFakeApi({
      'POST /account/register': fail(400, 'You must enter a password.', {
        errors: { 'credentials.password': 'You must enter a password.' },
      }),
    })
    const error = await catchError(requestApi('/account/register', { method: 'POST', body: {} }))
    expect(error.fieldErrors).toEqual({ 'credentials.password': 'You must enter a password.' })
  })

  it('resolves an empty 2xx body to null', async () => {
    installFakeApi({ 'GET /logout': { status: 204 } })
    await expect(requestApi('/logout')).resolves.toBeNull()
  })

  it('checks a body against its contract', async () => {
    installFakeApi({ 'GET /auth/current-user': reply({ id: 'only-an-id' }) })
    await expect(requestApi('/auth/current-user', { schema: UserSchema })).rejects.toThrow()
  })

  it('builds URLs with only the defined query parameters', () => {
    expect(buildApiUrl('/api/v1/sites', { page: 2, search: '', sortBy: undefined, sortDir: 'asc' })).toBe(
      '/api/v1/sites?page=2&sortDir=asc',
    )
  })
})

describe('requestApiWithAccess', () => {
  it.each([401, 403])('treats %i as no access', async (status) => {
    installFakeApi({ 'GET /api/v1/groups': fail(status, 'No') })
    await expect(requestApiWithAccess('/api/v1/groups', { schema: UserSchema.array() })).resolves.toEqual({
      hasAccess: false,
    })
  })

  it('returns the data with access, and still throws other errors', async () => {
    installFakeApi({ 'GET /api/v1/groups': reply([]), 'GET /api/v1/other': fail(500, 'Broken') })
    await expect(requestApiWithAccess('/api/v1/groups', { schema: UserSchema.array() })).resolves.toEqual({
      hasAccess: true,
      data: [],
    })
    await expect(requestApiWithAccess('/api/v1/other', { schema: UserSchema.array() })).rejects.toThrow(
      'Broken',
    )
  })
})
