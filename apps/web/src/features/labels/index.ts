// The labels feature's public surface (decision 0020): the order page's production buttons and
// the "request remake" dialog the scanning screen opens.
export { PrintLabelsDialog } from './components/PrintLabelsDialog.tsx';
export { ProductionActions } from './components/ProductionActions.tsx';
export { RequestRemakeDialog } from './components/RequestRemakeDialog.tsx';
