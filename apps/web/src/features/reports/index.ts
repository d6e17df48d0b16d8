// The reports feature's public surface (decision 0031): the bid volume chart for /orders/created.
export { ReportChart } from './components/ReportChart.tsx';
