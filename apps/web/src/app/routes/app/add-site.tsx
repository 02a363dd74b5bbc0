import { AddSiteScreen } from '@/features/sites/components/add-site-screen'

export function Component() {
  return <AddSiteScreen />
}
