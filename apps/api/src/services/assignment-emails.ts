import type { MailMessage } from '../plugins/app/mailer.js'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

export interface AssignmentEmail {
  to: string
  firstName: string
  assignerName: string
  siteName: string
  issueTitle: string
  pageLabel: string
  comment: string | null
  link: string
}

/** To the user an issue was just assigned to: which issue, on which page of which site, the comment and the link. */
export function composeAssignmentEmail(email: AssignmentEmail): MailMessage {
  const intro = `${email.assignerName} assigned you an issue on ${email.siteName}:`
  const comment = email.comment?.trim() ? email.comment.trim() : null
  return {
    to: email.to,
    subject: `${email.siteName}: an issue was assigned to you`,
    text: [
      `Hello ${email.firstName},`,
      '',
      intro,
      `${email.issueTitle} on ${email.pageLabel}`,
      ...(comment ? ['', `Comment: ${comment}`] : []),
      '',
      `Go to the issue: ${email.link}`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(email.firstName)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(email.issueTitle)}</strong> on ${escapeHtml(email.pageLabel)}</p>`,
      ...(comment ? [`<blockquote>${escapeHtml(comment)}</blockquote>`] : []),
      `<p><a href="${escapeHtml(email.link)}">Go to issue</a></p>`,
    ].join('\n'),
  }
}
