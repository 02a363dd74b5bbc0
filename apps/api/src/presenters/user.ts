import type { User as UserBody } from '@canopy/contracts'
import type { User } from '@canopy/db'

/** The username is the e-mail address: that is what the login form asks for. */
export function presentUser(user: User): UserBody {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.email,
    email: user.email,
    isStaff: user.isStaff,
  }
}
