import type { StaffUser, User as UserBody } from '@canopy/contracts'
import type { User } from '@canopy/db'

/**
 * The username is the e-mail address: that is what the login form asks for. `masqueradedBy` is the staff
 * member acting as `user`, when one is (absent otherwise).
 */
export function presentUser(user: User, masqueradedBy: User | null = null): UserBody {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.email,
    email: user.email,
    isStaff: user.isStaff,
    // Only while masquerading: every other answer carrying a user stays as it was.
    ...(masqueradedBy && {
      masqueradedBy: {
        id: masqueradedBy.id,
        firstName: masqueradedBy.firstName,
        lastName: masqueradedBy.lastName,
        email: masqueradedBy.email,
      },
    }),
  }
}

export function presentStaffUser(user: StaffUser): StaffUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isStaff: user.isStaff,
  }
}
