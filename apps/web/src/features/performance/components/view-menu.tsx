import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import menuStyles from '@/components/ui/menu.module.css'
import { MESSAGES } from '@/config/messages'

export const PERFORMANCE_VIEWS = [
  { id: 'standard', label: 'Standard view' },
  { id: 'advanced', label: 'Advanced view' },
] as const
export type PerformanceView = (typeof PERFORMANCE_VIEWS)[number]['id']

/** The page actions menu of the performance pages: the standard or advanced columns, one chosen at a time. */
export function ViewMenu({
  view,
  onChange,
}: {
  view: PerformanceView
  onChange: (view: PerformanceView) => void
}) {
  return (
    <MenuTrigger>
      <Button variant="trigger">
        {MESSAGES.pageRenderer.pageActions}
        <Icon name="chevronDown" />
      </Button>
      <Popover placement="bottom end" className={menuStyles.popover}>
        <Menu
          className={menuStyles.menu}
          aria-label={MESSAGES.pageRenderer.pageActions}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => {
            const [next] = keys === 'all' ? [] : [...keys]
            if (next === 'standard' || next === 'advanced') onChange(next)
          }}
        >
          {PERFORMANCE_VIEWS.map((option) => (
            <MenuItem key={option.id} id={option.id} className={menuStyles.item}>
              {option.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
