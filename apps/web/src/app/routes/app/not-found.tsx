import { NotFoundView } from '@/components/errors/error-views'

export function Component() {
  return <NotFoundView />
}
