// The transfer feature's public surface (decision 0030): the order import button for the order
// lists and the export buttons for the order page.
export { ImportOrderButton } from './components/ImportOrderDialog.tsx';
export { OrderExportButtons } from './components/OrderExportButtons.tsx';
