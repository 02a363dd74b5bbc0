import {
  type CurrentProfile,
  PROFILE_MESSAGES,
  type UpdateCurrentProfile,
  USER_ROLE_OPTIONS,
} from '@canopy/contracts'
import { type FormEvent, useId, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { avatarUrl, useAvatarVersion } from '@/lib/avatars'
import { errorMessageOf, useUpdateProfile, useUploadAvatar } from '../api/profile-api'
import styles from './profile.module.css'

/** Names and job role; the e-mail address is shown but cannot be changed here. */
export function DetailsTab({ profile }: { profile: CurrentProfile }) {
  const update = useUpdateProfile()
  const [firstName, setFirstName] = useState(profile.firstName)
  const [lastName, setLastName] = useState(profile.lastName)
  const [userRole, setUserRole] = useState(profile.userRole ?? '')
  const roleId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(
      { firstName, lastName, userRole: (userRole || null) as UpdateCurrentProfile['userRole'] },
      {
        onSuccess: () => showToast(PROFILE_MESSAGES.roleUpdated),
        onError: () => showToast(PROFILE_MESSAGES.roleUpdateFailed, 'error'),
      },
    )
  }
  return (
    <div className={styles.panel}>
      <AvatarUpload profile={profile} />
      <Form className={styles.form} onSubmit={submit}>
        <TextField
          label="First name"
          isRequired
          value={firstName}
          onChange={setFirstName}
          maxCharacters={100}
        />
        <TextField label="Last name" isRequired value={lastName} onChange={setLastName} maxCharacters={100} />
        <TextField label="Email" value={profile.email} isReadOnly />
        <label htmlFor={roleId}>Job role</label>
        <select
          id={roleId}
          className={styles.select}
          value={userRole}
          onChange={(event) => setUserRole(event.target.value)}
        >
          <option value="">Not set</option>
          {USER_ROLE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <p className={styles.error} role="alert">
          {errorMessageOf(update.error)}
        </p>
        <Button type="submit" isDisabled={update.isPending}>
          Save
        </Button>
      </Form>
    </div>
  )
}

function AvatarUpload({ profile }: { profile: CurrentProfile }) {
  const upload = useUploadAvatar()
  const inputId = useId()
  const version = useAvatarVersion()
  return (
    <div className={styles.avatarRow}>
      <img
        className={styles.avatar}
        src={avatarUrl(profile.id, 128, version)}
        alt={`Avatar of ${profile.firstName} ${profile.lastName}`}
      />
      <div>
        <label htmlFor={inputId}>Profile photo (JPEG, PNG, WebP, GIF or AVIF, up to 5 MB)</label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) upload.mutate(file)
          }}
        />
        <p className={styles.error} role="alert">
          {errorMessageOf(upload.error, 'avatar')}
        </p>
      </div>
    </div>
  )
}
