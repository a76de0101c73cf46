/** What other features may use of the intelligence feature; everything else in it is its own. */
export { addCompanyFromSignal } from './api/add-company-api.ts';
export { AddToCompaniesButton } from './components/add-to-companies-button.tsx';
export { useAddCompany } from './hooks/use-add-company.ts';
