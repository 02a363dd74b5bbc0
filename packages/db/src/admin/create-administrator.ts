import {
  PASSWORD_RULE_DESCRIPTION,
  pickFreeSlug,
  REGISTRATION_MESSAGES,
  RegistrationRequestSchema,
  slugify,
} from '@canopy/contracts'
import { isGuessablePassword } from '@canopy/contracts/password-strength'
import type { PrismaClient } from '../generated/prisma/client.js'
import { hashPassword } from '../passwords.js'
import { runInTransaction } from '../repositories/db-client.js'
import { createOrganisationWithOwner, findOrganisationSlugsLike } from '../repositories/organisations.js'
import { createUser, findUserByEmail, normaliseEmail } from '../repositories/users.js'

export interface CreateAdministratorInput {
  email: string
  firstName: string
  lastName: string
  password: string
  organisationName: string
}

export interface CreatedAdministrator {
  user: { id: string; email: string }
  organisation: { id: string; slug: string; name: string }
}

const ORGANISATION_NAME_MAX_LENGTH = 200

// Registration's fields and messages: an administrator made here meets the rules of anyone who registers.
const AdministratorFieldsSchema = RegistrationRequestSchema.pick({
  firstname: true,
  lastname: true,
  email: true,
  credentials: true,
})

/** The input checked and trimmed, or an Error whose message lists what to correct. */
function parseAdministratorInput(input: CreateAdministratorInput): CreateAdministratorInput {
  const parsed = AdministratorFieldsSchema.safeParse({
    firstname: input.firstName,
    lastname: input.lastName,
    email: input.email,
    credentials: { password: input.password },
  })
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) =>
        issue.path[0] === 'credentials' ? `${issue.message} ${PASSWORD_RULE_DESCRIPTION}` : issue.message,
      )
  if (parsed.success && isGuessablePassword(input.password, [input.email, input.firstName, input.lastName])) {
    problems.push(`${REGISTRATION_MESSAGES.weakPassword} ${PASSWORD_RULE_DESCRIPTION}`)
  }
  const organisationName = input.organisationName.trim()
  if (organisationName === '') problems.push('You must enter an organisation name.')
  if (organisationName.length > ORGANISATION_NAME_MAX_LENGTH) {
    problems.push(`The organisation name can have at most ${ORGANISATION_NAME_MAX_LENGTH} characters.`)
  }
  if (!parsed.success || problems.length > 0) throw new Error(problems.join('\n'))
  const { firstname, lastname, email, credentials } = parsed.data
  return {
    email: normaliseEmail(email),
    firstName: firstname,
    lastName: lastname,
    password: credentials.password,
    organisationName,
  }
}

/**
 * Creates an administrator who can sign in at once: a user with a verified e-mail and a password that
 * meets the password rule, and a new organisation they administer (so they can create its sites). This
 * is how a production instance, which never has the demo's users, gets its first login. Refuses an
 * e-mail that already belongs to a user: an existing account is never taken over.
 */
export async function createAdministrator(
  prisma: PrismaClient,
  input: CreateAdministratorInput,
): Promise<CreatedAdministrator> {
  const fields = parseAdministratorInput(input)
  if (await findUserByEmail(prisma, fields.email)) {
    throw new Error(`A user with the e-mail ${fields.email} already exists.`)
  }
  const passwordHash = await hashPassword(fields.password)
  const baseSlug = slugify(fields.organisationName) || 'organisation'
  return runInTransaction(prisma, async (tx) => {
    const user = await createUser(tx, {
      email: fields.email,
      firstName: fields.firstName,
      lastName: fields.lastName,
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    const organisation = await createOrganisationWithOwner(tx, {
      slug: pickFreeSlug(baseSlug, await findOrganisationSlugsLike(tx, baseSlug)),
      name: fields.organisationName,
      emailAddress: user.email,
      ownerUserId: user.id,
    })
    return {
      user: { id: user.id, email: user.email },
      organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name },
    }
  })
}
