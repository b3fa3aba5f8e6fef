export { CookiePolicyPage as default } from './LegalPage';
