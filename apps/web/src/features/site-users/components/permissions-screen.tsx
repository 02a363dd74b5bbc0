import { SITE_ROLES } from '@canopy/contracts'
import screenStyles from '@/components/area/screen.module.css'
import { PageHeader, PageLoader } from '@/components/ui/notice'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { ROLE_LABELS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSitePermissions } from '../api/site-users'
import styles from './site-users.module.css'

/** settings/permissions (site admins): each permission and the roles that have it, read from the API. */
export function PermissionsScreen({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle('Permissions')
  const permissions = useSitePermissions(siteSlug)
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Permissions" />
      {permissions.isPending ? (
        <PageLoader label="Loading permissions" />
      ) : permissions.isError ? (
        <p role="alert">{permissions.error.message}</p>
      ) : (
        <>
          <p className={styles.intro}>
            Your role on this site: {ROLE_LABELS[permissions.data.yourRole]}. A member's role is the highest
            of their own and their groups' roles; change it under Users.
          </p>
          <ScrollRegion label="What each role may do">
            <table className={styles.matrix}>
              <caption className="visually-hidden">What each role may do</caption>
              <thead>
                <tr>
                  <th scope="col">Permission</th>
                  {SITE_ROLES.map((role) => (
                    <th key={role} scope="col">
                      {ROLE_LABELS[role]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {permissions.data.permissions.map((permission) => (
                  <tr key={permission.id}>
                    <th scope="row">{permission.label}</th>
                    {SITE_ROLES.map((role) => (
                      <td key={role}>{permission.roles.includes(role) ? 'Yes' : 'No'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </div>
  )
}
