import { describe, expect, it } from 'vitest'
import { describeValidation, fieldNameOf, INTERNAL_ERROR_MESSAGE, toErrorBody } from './error-body.js'
import { conflict, HttpError } from './http-errors.js'

describe('fieldNameOf', () => {
  it('joins nested paths with dots', () => {
    expect(fieldNameOf('/credentials/password', 'body')).toBe('credentials.password')
    expect(fieldNameOf('/conditions/0/value', 'body')).toBe('conditions.0.value')
  })

  it('names the request part when the whole part is wrong', () => {
    expect(fieldNameOf('', 'body')).toBe('body')
    expect(fieldNameOf('/', 'querystring')).toBe('querystring')
    expect(fieldNameOf(undefined, undefined)).toBe('body')
  })
})

describe('describeValidation', () => {
  it('keeps the first message of each field and names the first field in the summary', () => {
    const result = describeValidation(
      [
        { instancePath: '/firstname', message: 'You must enter your first name.' },
        { instancePath: '/firstname', message: 'Too long' },
        { instancePath: '/email', message: 'You must enter an email address.' },
      ],
      'body',
    )
    expect(result.errors).toEqual({
      firstname: 'You must enter your first name.',
      email: 'You must enter an email address.',
    })
    expect(result.message).toBe('firstname: You must enter your first name.')
  })
})

describe('toErrorBody', () => {
  it('keeps the status, message and field errors of an HttpError', () => {
    expect(toErrorBody(conflict('email', 'This email address is already in use.'))).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This email address is already in use.',
      errors: { email: 'This email address is already in use.' },
    })
    expect(toErrorBody(new HttpError(404, 'Gone'))).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Gone',
    })
  })

  it('turns a schema validation failure into a 400 naming the field', () => {
    const error = Object.assign(new Error('x'), {
      statusCode: 400,
      validationContext: 'body',
      validation: [{ instancePath: '/siteName', message: 'A site name is required.' }],
    })
    expect(toErrorBody(error)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'siteName: A site name is required.',
      errors: { siteName: 'A site name is required.' },
    })
  })

  it('names the body for unparsable JSON', () => {
    const error = Object.assign(new Error('raw parser text'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    })
    expect(toErrorBody(error)).toMatchObject({
      statusCode: 400,
      errors: { body: 'The body is not valid JSON.' },
    })
  })

  it('passes other client errors through and hides server errors', () => {
    expect(toErrorBody(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }))).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Unsupported Media Type',
    })
    expect(toErrorBody(new Error('connection refused at 10.0.0.3:5432'))).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: INTERNAL_ERROR_MESSAGE,
    })
    expect(toErrorBody(Object.assign(new Error('secret detail'), { statusCode: 503 })).message).toBe(
      INTERNAL_ERROR_MESSAGE,
    )
  })
})
