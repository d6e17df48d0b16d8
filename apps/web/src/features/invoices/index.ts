/** Invoices, payments, credit and banks on the web (issue 17). What other features may use. */

export { OrderInvoiceField } from './components/OrderInvoiceField.tsx';
export { StatusChip as InvoiceStatusChip } from './components/StatusChip.tsx';
