export { TermsPage as default } from './LegalPage';
