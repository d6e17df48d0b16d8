// Not built yet: replaced by the feature's page.
export { default } from '../../placeholder/pages/ComingSoonPage.tsx';
