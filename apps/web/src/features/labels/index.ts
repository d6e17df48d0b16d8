// The labels feature's public surface (decision 0020): the order page's production buttons and
// print history, the "request remake" dialog and the "reprint label" button of the scan screens.
export { LabelPrintsPanel } from './components/LabelPrintsPanel.tsx';
export { PrintLabelsDialog } from './components/PrintLabelsDialog.tsx';
export { ProductionActions } from './components/ProductionActions.tsx';
export { ReprintLabelButton } from './components/ReprintLabelButton.tsx';
export { RequestRemakeDialog } from './components/RequestRemakeDialog.tsx';
