import type { PutScanLoginRequest, ScanLogin, ScanLoginKind } from '@canopy/contracts'

/** The login form as edited: the secrets start blank (a blank secret keeps the stored one). */
export interface FormDraft {
  loginUrl: string
  usernameSelector: string
  passwordSelector: string
  submitSelector: string
  successKind: 'selector' | 'text'
  successValue: string
  username: string
  password: string
}

/** A cookie as edited: its value starts blank, `valueSet` says whether one is stored. */
export interface CookieDraft {
  id: number
  name: string
  value: string
  domain: string
  path: string
  valueSet: boolean
}

export interface Draft {
  kind: ScanLoginKind
  form: FormDraft
  cookies: CookieDraft[]
}

let nextCookieId = 1

export function blankCookie(domain = ''): CookieDraft {
  return { id: nextCookieId++, name: '', value: '', domain, path: '/', valueSet: false }
}

/** The draft of what is stored; a site without a sign-in starts with an empty form on its own host. */
export function draftOf(login: ScanLogin, rootUri: string): Draft {
  const host = new URL(rootUri).hostname
  const form = login.form
  return {
    kind: login.kind ?? 'form',
    form: {
      loginUrl: form?.loginUrl ?? '',
      usernameSelector: form?.usernameSelector ?? '',
      passwordSelector: form?.passwordSelector ?? '',
      submitSelector: form?.submitSelector ?? '',
      successKind: form?.successCheck.kind ?? 'text',
      successValue: form?.successCheck.value ?? '',
      username: '',
      password: '',
    },
    cookies: login.cookies?.length
      ? login.cookies.map((cookie) => ({ ...blankCookie(), ...cookie, value: '' }))
      : [blankCookie(host)],
  }
}

/** The PUT body of the draft's kind; blank secrets are left out, so the stored ones are kept. */
export function requestOf(draft: Draft): PutScanLoginRequest {
  if (draft.kind === 'cookies') {
    return {
      kind: 'cookies',
      cookies: draft.cookies.map(({ name, value, domain, path }) => ({
        name,
        domain,
        path,
        ...(value ? { value } : {}),
      })),
    }
  }
  const { successKind, successValue, username, password, ...fields } = draft.form
  return {
    kind: 'form',
    form: {
      ...fields,
      successCheck: { kind: successKind, value: successValue },
      ...(username ? { username } : {}),
      ...(password ? { password } : {}),
    },
  }
}
