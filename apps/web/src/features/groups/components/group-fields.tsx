import type { SiteRole } from '@canopy/contracts'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { ROLE_OPTIONS } from '@/config/roles'
import { isApiError } from '@/lib/api-client'
import { GROUP_TEXT } from '../labels'

export type GroupFieldErrors = { name?: string; role?: string; parentId?: string }

/** The server's words about a field (a taken name, a parent inside the group) go under it; else a toast (null). */
export function fieldErrorsOf(failure: unknown): GroupFieldErrors | null {
  if (!isApiError(failure)) return null
  const { name, role, parentId } = failure.fieldErrors
  return name || role || parentId ? { name, role, parentId } : null
}

/** A group's name and role, as creating and editing one ask for them; a change clears the errors shown. */
export function GroupFields({
  name,
  role,
  errors,
  onNameChange,
  onRoleChange,
  autoFocus = false,
}: {
  name: string
  role: SiteRole
  errors: GroupFieldErrors
  onNameChange: (name: string) => void
  onRoleChange: (role: SiteRole) => void
  autoFocus?: boolean
}) {
  return (
    <>
      <TextField
        label={GROUP_TEXT.name}
        value={name}
        onChange={onNameChange}
        isRequired
        autoFocus={autoFocus}
        maxCharacters={100}
        validationBehavior="aria"
        validate={() => errors.name}
      />
      <SelectField
        label={GROUP_TEXT.role}
        value={role}
        options={ROLE_OPTIONS}
        onChange={(value) => onRoleChange(value as SiteRole)}
        errorMessage={errors.role}
        description={GROUP_TEXT.roleHint}
      />
    </>
  )
}
