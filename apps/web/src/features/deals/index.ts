/** What other features may use of the deals feature; everything else in it is its own. */
export { COMPANY_COPY, type CreateDealCopy } from './components/create-deal/create-deal-copy.ts';
export { CreateDealForm } from './components/create-deal/create-deal-form.tsx';
