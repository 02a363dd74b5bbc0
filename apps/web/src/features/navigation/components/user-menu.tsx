import type { User } from '@canopy/contracts'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { Icon } from '@/components/ui/icon'
import menuStyles from '@/components/ui/menu.module.css'
import { MESSAGES } from '@/config/messages'
import { useAdministeredOrganisations } from '@/hooks/use-administered-organisations'
import { avatarUrl, useAvatarVersion } from '@/lib/avatars'
import { CONFIGURATIONS_LINK } from '../nav-items'
import styles from './sidebar.module.css'

/** Staff only: the way to /debug and its tools. */
export const STAFF_TOOLS_LABEL = 'Staff tools'

/** An organisation administrator's way to its single sign-on settings. */
export const ssoLinkLabel = (organisationName: string) => `Single sign-on: ${organisationName}`

/** The user menu: User profile, Billing (the organisations they administer), Configurations (the sites' set-up list), Staff tools (staff) and Log out. */
export function UserMenu({
  user,
  collapsed,
  onLogout,
}: {
  user: User
  collapsed: boolean
  onLogout: () => void
}) {
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username
  const avatarVersion = useAvatarVersion()
  const administered = useAdministeredOrganisations().data ?? []
  return (
    <MenuTrigger>
      <Button className={styles.item}>
        <img className={styles.avatar} src={avatarUrl(user.id, 64, avatarVersion)} alt="" />
        {/* The name comes from the visible text (WCAG 2.5.3); the hidden words say what the button opens. */}
        <span className={collapsed ? 'visually-hidden' : styles.itemLabel}>
          <span className="visually-hidden">User menu:</span> {fullName}
        </span>
        <Icon name="chevronDown" size={16} className={styles.itemChevron} />
      </Button>
      <Popover placement="top start" className={menuStyles.popover}>
        <Menu className={menuStyles.menu}>
          <MenuItem href="/userprofile" className={menuStyles.item} textValue={MESSAGES.sidebar.userProfile}>
            <Icon name="user" />
            {MESSAGES.sidebar.userProfile}
          </MenuItem>
          <MenuItem href="/billing" className={menuStyles.item} textValue={MESSAGES.sidebar.billing}>
            <Icon name="card" />
            {MESSAGES.sidebar.billing}
          </MenuItem>
          <MenuItem
            href={CONFIGURATIONS_LINK.href}
            className={menuStyles.item}
            textValue={CONFIGURATIONS_LINK.title}
          >
            <Icon name={CONFIGURATIONS_LINK.icon} />
            {CONFIGURATIONS_LINK.title}
          </MenuItem>
          {administered.map((organisation) => (
            <MenuItem
              key={organisation.sys.id}
              href={`/billing/${encodeURIComponent(organisation.sys.id)}/sso`}
              className={menuStyles.item}
              textValue={ssoLinkLabel(organisation.entryTitle)}
            >
              <Icon name="settings" />
              {ssoLinkLabel(organisation.entryTitle)}
            </MenuItem>
          ))}
          {user.isStaff ? (
            <MenuItem href="/debug" className={menuStyles.item} textValue={STAFF_TOOLS_LABEL}>
              <Icon name="settings" />
              {STAFF_TOOLS_LABEL}
            </MenuItem>
          ) : null}
          <MenuItem onAction={onLogout} className={menuStyles.item} textValue={MESSAGES.sidebar.logOut}>
            <Icon name="logout" />
            {MESSAGES.sidebar.logOut}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
