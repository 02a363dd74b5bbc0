import { FactList, yesNo } from '@/components/ui/fact-list'
import { PageHeader, StatusMessage } from '@/components/ui/notice'
import { isApiError } from '@/lib/api-client'
import { useEnvInfo } from '../api/staff-queries'
import styles from './staff.module.css'

/** /env (staff, non-production hosts): what this host runs. The API never sends a secret. */
export function EnvScreen() {
  const env = useEnvInfo()
  if (env.isPending) return <StatusMessage title="Loading" />
  if (env.isError) {
    return (
      <StatusMessage
        title={isApiError(env.error, 404) ? 'There is no environment page on this host.' : env.error.message}
      />
    )
  }
  const info = env.data
  return (
    <>
      <PageHeader title="Environment" />
      <FactList
        label="Build"
        facts={[
          { term: 'Environment', value: info.environment },
          { term: 'Version', value: info.version },
          { term: 'Commit', value: info.commit ?? 'not recorded' },
          { term: 'API base URL', value: info.apiBaseUrl },
          { term: 'Node.js', value: info.nodeVersion },
          { term: 'Queue prefix', value: info.queuePrefix },
        ]}
      />
      <h2>Feature flags</h2>
      <table className={styles.table}>
        <caption className="visually-hidden">Feature flags and whether each is on everywhere</caption>
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">Description</th>
            <th scope="col">On everywhere</th>
          </tr>
        </thead>
        <tbody>
          {info.featureFlags.map((flag) => (
            <tr key={flag.name}>
              <th scope="row">{flag.name}</th>
              <td>{flag.description}</td>
              <td>{yesNo(flag.active)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
