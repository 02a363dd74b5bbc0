import type { Invoice } from '@canopy/contracts'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatDate } from '@/lib/format-values'
import { useInvoices } from '../api/subscription'
import { BILLING_TEXT, formatPounds } from '../labels'
import styles from './billing.module.css'

const TEXT = BILLING_TEXT
const COLUMNS = TEXT.invoiceColumns

const INVOICE_STATUS: Record<Invoice['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
}

function InvoiceLinks({ invoice }: { invoice: Invoice }) {
  const name = invoice.number ?? formatDate(invoice.created)
  return (
    <span className={styles.actions}>
      {invoice.hostedInvoiceUrl ? (
        <a
          href={invoice.hostedInvoiceUrl}
          target="_blank"
          rel="noreferrer"
          aria-label={`${TEXT.viewInvoice} ${name}`}
        >
          {TEXT.viewInvoice}
        </a>
      ) : null}
      {invoice.invoicePdf ? (
        <a
          href={invoice.invoicePdf}
          target="_blank"
          rel="noreferrer"
          aria-label={`${TEXT.invoicePdf} ${name}`}
        >
          {TEXT.invoicePdf}
        </a>
      ) : null}
    </span>
  )
}

function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <ScrollRegion label={TEXT.invoices} className={styles.tableFrame}>
      <table className={styles.table}>
        <caption className="visually-hidden">{TEXT.invoices}</caption>
        <thead>
          <tr>
            <th scope="col">{COLUMNS.number}</th>
            <th scope="col">{COLUMNS.date}</th>
            <th scope="col">{COLUMNS.amount}</th>
            <th scope="col">{COLUMNS.status}</th>
            <th scope="col">{COLUMNS.links}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">{invoice.number ?? invoice.id}</th>
              <td>{formatDate(invoice.created)}</td>
              <td>{formatPounds(invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue)}</td>
              <td>{INVOICE_STATUS[invoice.status]}</td>
              <td>
                <InvoiceLinks invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** The organisation's invoices at the payment provider, newest first. */
export function InvoicesSection({ organisationId }: { organisationId: string }) {
  const invoices = useInvoices(organisationId)
  return (
    <section className={styles.section} aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">{TEXT.invoices}</h2>
      {invoices.isPending ? <p>{TEXT.invoicesLoading}</p> : null}
      {invoices.isError ? <p>{TEXT.invoicesFailed}</p> : null}
      {invoices.data?.length === 0 ? <p>{TEXT.noInvoices}</p> : null}
      {invoices.data && invoices.data.length > 0 ? <InvoicesTable invoices={invoices.data} /> : null}
    </section>
  )
}
