/** Invoices, payments, credit and banks on the web (issue 17). What other features may use. */

export { CreditPanel } from './components/CreditPanel.tsx';
export { InvoiceList } from './components/InvoiceList.tsx';
export { OrderInvoiceField } from './components/OrderInvoiceField.tsx';
