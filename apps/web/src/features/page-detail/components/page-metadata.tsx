import type { PageDetail } from '@canopy/contracts'
import { Link } from 'react-router'
import { type Fact, FactList, yesNo } from '@/components/ui/fact-list'
import { ScrollRegion } from '@/components/ui/scroll-region'
import styles from './page-detail.module.css'

const DISCOVERED_VIA: Record<PageDetail['metadata']['discoveredVia'], string> = {
  root: 'The site root',
  sitemap: 'The sitemap',
  link: 'A link on another page',
  manual: 'Added by hand',
}

function metadataFacts(metadata: PageDetail['metadata'], duplicateContentHref: string): Fact[] {
  return [
    { term: 'Canonical URL', value: metadata.canonicalUrl ?? '' },
    { term: 'Meta description', value: metadata.metaDescription ?? 'None' },
    { term: 'Author', value: metadata.author ?? '' },
    { term: 'Final URL', value: metadata.finalUrl ?? '' },
    { term: 'Indexable', value: yesNo(metadata.isIndexable) },
    { term: 'In the sitemap', value: yesNo(metadata.inSitemap) },
    { term: 'Orphaned (no page links to it)', value: yesNo(metadata.isOrphaned) },
    { term: 'Link depth from the root', value: metadata.depth === null ? '' : String(metadata.depth) },
    { term: 'Found through', value: DISCOVERED_VIA[metadata.discoveredVia] },
    { term: 'Title shared with another page', value: yesNo(metadata.isDuplicateTitle) },
    { term: 'Description shared with another page', value: yesNo(metadata.isDuplicateDescription) },
    {
      term: 'Content duplicated on another page',
      value: metadata.isDuplicateContent ? (
        <>
          Yes. <Link to={duplicateContentHref}>See duplicate content</Link>
        </>
      ) : (
        'No'
      ),
    },
  ]
}

/**
 * What the scanner's network guard refused while loading the page (an internal address, a name resolving to
 * one): never fetched, so the page may look incomplete in its screenshot. Shown only when there is any.
 */
function BlockedRequests({ requests }: { requests: PageDetail['metadata']['blockedRequests'] }) {
  if (requests.length === 0) return null
  return (
    <section aria-labelledby="page-blocked-requests">
      <h3 id="page-blocked-requests">Requests blocked by the network policy</h3>
      <p>
        The scanner does not fetch internal addresses. These requests of the page were refused, so what they
        load is missing from the results and the screenshot.
      </p>
      <ScrollRegion className={styles.tableFrame} label="Blocked requests table">
        <table className={styles.table}>
          <caption className="visually-hidden">Requests blocked by the network policy</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.url}>
                <th scope="row">{request.url}</th>
                <td>{request.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  )
}

/** The metadata tab: what the page says about itself (canonical, description, meta tags, headings). */
export function PageMetadata({
  metadata,
  duplicateContentHref,
}: {
  metadata: PageDetail['metadata']
  duplicateContentHref: string
}) {
  return (
    <div className={styles.overview}>
      <FactList facts={metadataFacts(metadata, duplicateContentHref)} label="Metadata" />
      <section aria-labelledby="page-meta-tags">
        <h3 id="page-meta-tags">Meta tags</h3>
        {metadata.metaTags.length === 0 ? (
          <p>The page has no meta tags.</p>
        ) : (
          <ScrollRegion className={styles.tableFrame} label="Meta tags table">
            <table className={styles.table}>
              <caption className="visually-hidden">Meta tags</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Content</th>
                </tr>
              </thead>
              <tbody>
                {metadata.metaTags.map((tag, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a page may repeat a tag; its position is its identity
                  <tr key={`${tag.name}-${index}`}>
                    <th scope="row">{tag.name}</th>
                    <td>{tag.content}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <section aria-labelledby="page-headings">
        <h3 id="page-headings">Headings</h3>
        {metadata.headings.length === 0 ? (
          <p>The page has no headings.</p>
        ) : (
          <ol className={styles.headings}>
            {metadata.headings.map((heading, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat; their order is their identity
              <li key={index} style={{ marginInlineStart: `${(heading.level - 1) * 1.6}rem` }}>
                <span className={styles.headingLevel}>H{heading.level}</span> {heading.text}
              </li>
            ))}
          </ol>
        )}
      </section>
      <BlockedRequests requests={metadata.blockedRequests} />
    </div>
  )
}
