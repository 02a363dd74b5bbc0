import type { CreateTicketRequest, Ticket, TicketTemplate } from '@canopy/contracts'
import {
  deleteIssueTicket,
  findIssueTicket,
  findPageIssueForTicket,
  type PrismaClient,
  type SecretBox,
  saveIssueTicket,
} from '@canopy/db'
import { HttpError, notFound } from '../http-errors.js'
import {
  type AdfDocument,
  type AdfNode,
  createJiraIssue,
  fetchJiraProject,
  JiraRequestError,
  jiraBrowseUrl,
} from '../lib/jira-client.js'
import { enabledJiraCredentials } from './integration-settings-service.js'

// Issue-tracker tickets opened from a page's failed issue: the template the dialog starts from, the ticket
// created in Jira Cloud (REST v3) and linked to the issue on that page, and the link removed again.

export const TICKET_ISSUE_NOT_FOUND_MESSAGE = 'No failed issue could be found with this ID on this page.'
export const TRACKER_NOT_CONFIGURED_MESSAGE = 'The issue tracker is not set up for this site.'
export const TICKET_NOT_FOUND_MESSAGE = 'This issue has no linked ticket on this page.'
export const TRACKER_FAILED_MESSAGE = 'The issue tracker refused the request or did not answer.'

interface TicketTarget {
  siteId: string
  pageId: string
  issueId: string
}

type TicketIssue = NonNullable<Awaited<ReturnType<typeof findPageIssueForTicket>>>

/** Only an issue failing on the page gets a ticket. */
async function failedIssue(prisma: PrismaClient, target: TicketTarget): Promise<TicketIssue> {
  const issue = await findPageIssueForTicket(prisma, target)
  if (issue?.outcome !== 'failed') throw notFound(TICKET_ISSUE_NOT_FOUND_MESSAGE)
  return issue
}

async function trackerOf(prisma: PrismaClient, box: SecretBox, siteId: string) {
  const tracker = await enabledJiraCredentials(prisma, box, siteId)
  if (!tracker) throw new HttpError(409, TRACKER_NOT_CONFIGURED_MESSAGE)
  return tracker
}

/** A refusal or silence of the tracker is the tracker's failure (502), not the caller's. */
function trackerFailure(error: unknown): never {
  if (error instanceof JiraRequestError) throw new HttpError(502, TRACKER_FAILED_MESSAGE, undefined, error)
  throw error
}

/** The first failing element of the issue (axe and Lighthouse items carry a node {selector, snippet}). */
function failingElement(details: unknown): { selector: string; snippet: string } | null {
  const items = (details as { items?: unknown[] } | null)?.items
  for (const item of Array.isArray(items) ? items : []) {
    const node = (item as { node?: { selector?: unknown; snippet?: unknown } } | null)?.node
    if (node && (typeof node.selector === 'string' || typeof node.snippet === 'string')) {
      return { selector: String(node.selector ?? ''), snippet: String(node.snippet ?? '') }
    }
  }
  return null
}

function templateDescription(issue: TicketIssue): string {
  const element = failingElement(issue.details)
  return [
    issue.description,
    '',
    `Page: ${issue.page.url}`,
    issue.wcagCriteria.length ? `WCAG criterion: ${issue.wcagCriteria.join(', ')}` : null,
    element?.selector ? `Element: ${element.selector}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n')
}

export async function getTicketTemplate(
  prisma: PrismaClient,
  box: SecretBox,
  target: TicketTarget,
): Promise<TicketTemplate> {
  const issue = await failedIssue(prisma, target)
  const { credentials, projectKey } = await trackerOf(prisma, box, target.siteId)
  const project = await fetchJiraProject(credentials, projectKey).catch(trackerFailure)
  return {
    projectName: project.name,
    projectLink: jiraBrowseUrl(credentials.baseUrl, project.key),
    issueTypes: project.issueTypes,
    summary: `${issue.title} (${issue.page.url})`.slice(0, 255),
    description: templateDescription(issue),
  }
}

const text = (value: string, marks?: AdfNode['marks']): AdfNode => ({ type: 'text', text: value, marks })
const paragraph = (...content: AdfNode[]): AdfNode => ({ type: 'paragraph', content })
const strong = (value: string) => text(value, [{ type: 'strong' }])

/** The ticket's body in Atlassian Document Format: the editor's text, then the issue, page, criterion, element. */
export function ticketDescription(issue: TicketIssue, description: string): AdfDocument {
  const element = failingElement(issue.details)
  const content: AdfNode[] = description
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => paragraph(text(block)))
  content.push(paragraph(strong('Issue: '), text(issue.title)))
  content.push(
    paragraph(strong('Page: '), text(issue.page.url, [{ type: 'link', attrs: { href: issue.page.url } }])),
  )
  if (issue.wcagCriteria.length) {
    content.push(paragraph(strong('WCAG criterion: '), text(issue.wcagCriteria.join(', '))))
  }
  if (element?.selector)
    content.push(paragraph(strong('Element: '), text(element.selector, [{ type: 'code' }])))
  if (element?.snippet) {
    content.push({ type: 'codeBlock', attrs: { language: 'html' }, content: [text(element.snippet)] })
  }
  return { type: 'doc', version: 1, content }
}

export async function createTicket(
  prisma: PrismaClient,
  box: SecretBox,
  target: TicketTarget & { userId: string },
  body: CreateTicketRequest,
): Promise<Ticket> {
  const issue = await failedIssue(prisma, target)
  const { credentials, projectKey } = await trackerOf(prisma, box, target.siteId)
  const created = await createJiraIssue(credentials, {
    projectKey,
    summary: body.summary,
    issueType: body.issueType,
    description: ticketDescription(issue, body.description),
  }).catch(trackerFailure)
  const { userId, ...where } = target
  await saveIssueTicket(prisma, {
    ...where,
    ticketId: created.key,
    ticketUrl: created.url,
    createdById: userId,
  })
  return { ticketId: created.key, ticketUrl: created.url }
}

/** Unlinking forgets the link only: the ticket stays in the tracker. */
export async function unlinkTicket(prisma: PrismaClient, target: TicketTarget): Promise<void> {
  const ticket = await findIssueTicket(prisma, target)
  if (!ticket) throw notFound(TICKET_NOT_FOUND_MESSAGE)
  await deleteIssueTicket(prisma, target)
}
