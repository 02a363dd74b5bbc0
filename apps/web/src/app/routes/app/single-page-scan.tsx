import { AuditGroups } from '@/features/audits/components/audit-groups'
import {
  type RenderAudits,
  SinglePageScanScreen,
} from '@/features/single-page-scan/components/single-page-scan'

/** The app composes the single page scan with the one audit renderer (features never import each other). */
const renderAudits: RenderAudits = (props) => <AuditGroups {...props} headingLevel={3} />

export function Component() {
  return <SinglePageScanScreen renderAudits={renderAudits} />
}
