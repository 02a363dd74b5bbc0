// A small client of Jira Cloud's REST API v3: the few calls the issue-tracker integration makes, with basic
// authentication (the account's e-mail and an API token). Every request goes to the site's configured base URL.

export interface JiraCredentials {
  baseUrl: string
  email: string
  apiToken: string
}

/** A Jira answer other than 2xx, or no answer in time. */
export class JiraRequestError extends Error {
  readonly status: number | null

  constructor(message: string, status: number | null) {
    super(message)
    this.name = 'JiraRequestError'
    this.status = status
  }
}

export interface JiraProject {
  key: string
  name: string
  issueTypes: string[]
}

export interface JiraCreatedIssue {
  key: string
  url: string
}

/** An Atlassian Document Format document (the body of a description). */
export interface AdfDocument {
  type: 'doc'
  version: 1
  content: AdfNode[]
}
export interface AdfNode {
  type: string
  text?: string
  attrs?: Record<string, unknown>
  marks?: { type: string; attrs?: Record<string, unknown> }[]
  content?: AdfNode[]
}

const JIRA_TIMEOUT_MS = 10_000

function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`
}

async function jiraRequest<T>(
  credentials: JiraCredentials,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const authorization = Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')
  let response: Response
  try {
    response = await fetch(apiUrl(credentials.baseUrl, path), {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        authorization: `Basic ${authorization}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'error',
      signal: AbortSignal.timeout(JIRA_TIMEOUT_MS),
    })
  } catch (error) {
    throw new JiraRequestError(`The issue tracker did not answer: ${(error as Error).message}`, null)
  }
  if (!response.ok) {
    throw new JiraRequestError(`The issue tracker answered ${response.status} to ${path}`, response.status)
  }
  return (await response.json()) as T
}

/** GET /rest/api/3/myself: the account the credentials sign in as. */
export async function fetchJiraAccount(credentials: JiraCredentials): Promise<{ displayName: string }> {
  const account = await jiraRequest<{ displayName?: string; emailAddress?: string }>(
    credentials,
    '/rest/api/3/myself',
  )
  return { displayName: account.displayName ?? account.emailAddress ?? credentials.email }
}

/** GET /rest/api/3/project/{key}: the project's name and the issue types it offers (sub-tasks left out). */
export async function fetchJiraProject(
  credentials: JiraCredentials,
  projectKey: string,
): Promise<JiraProject> {
  const project = await jiraRequest<{
    key: string
    name: string
    issueTypes?: { name: string; subtask?: boolean }[]
  }>(credentials, `/rest/api/3/project/${encodeURIComponent(projectKey)}`)
  return {
    key: project.key,
    name: project.name,
    issueTypes: (project.issueTypes ?? []).filter((type) => !type.subtask).map((type) => type.name),
  }
}

/** POST /rest/api/3/issue: a new issue in the project; its link is the site's /browse/{key} page. */
export async function createJiraIssue(
  credentials: JiraCredentials,
  issue: { projectKey: string; summary: string; issueType: string; description: AdfDocument },
): Promise<JiraCreatedIssue> {
  const created = await jiraRequest<{ id: string; key: string }>(credentials, '/rest/api/3/issue', {
    method: 'POST',
    body: {
      fields: {
        project: { key: issue.projectKey },
        summary: issue.summary,
        issuetype: { name: issue.issueType },
        description: issue.description,
      },
    },
  })
  return { key: created.key, url: jiraBrowseUrl(credentials.baseUrl, created.key) }
}

export function jiraBrowseUrl(baseUrl: string, key: string): string {
  return apiUrl(baseUrl, `/browse/${encodeURIComponent(key)}`)
}
