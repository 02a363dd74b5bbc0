import { useParams } from 'react-router'
import { SectionEditorScreen } from '@/features/sections/components/section-editor'
import { AreaGate } from './area-gate'

/** settings/sections/:sectionId (site admins; 'new' creates a section). */
export function Component() {
  const { sectionId } = useParams()
  return (
    <AreaGate>{(scope) => <SectionEditorScreen siteSlug={scope.siteSlug} sectionId={sectionId} />}</AreaGate>
  )
}
