/**
 * The words of the create-deal form where it is opened from. The pipeline's New Deal form marks
 * its optional fields, the Companies screen's dialog is title-cased; both wordings are what the
 * screens, their tests and the end-to-end suites name, so they stay until product picks one.
 */
export interface CreateDealCopy {
  /** The form's accessible name. */
  formName: string;
  companyName: string;
  amount: string;
  sourceType: string;
  sourceName: string;
  stage: string;
  dealType: string;
  sector: string;
  geography: string;
  description: string;
  /** The blank deal type's option. */
  noDealType: string;
  /** The blank source type's option; without it a source type must be chosen. */
  noSourceType?: string;
  submit: string;
  /** A "View deals" action on the success toast, for screens other than the pipeline. */
  offerViewDeals: boolean;
  /** The spec words failures as an alert; the Companies screen shows the same text as a toast. */
  announceFailure: 'alert' | 'toast';
}

export const PIPELINE_COPY: CreateDealCopy = {
  formName: 'New Deal',
  companyName: 'Company name',
  amount: 'Amount requested (EUR)',
  sourceType: 'Source type',
  sourceName: 'Source name (optional)',
  stage: 'Stage',
  dealType: 'Deal type (optional)',
  sector: 'Sector (optional)',
  geography: 'Geography (optional)',
  description: 'Description (optional)',
  noDealType: 'Not specified',
  submit: 'Create Deal',
  offerViewDeals: false,
  announceFailure: 'alert',
};

export const COMPANY_COPY: CreateDealCopy = {
  formName: 'Create deal',
  companyName: 'Company name',
  amount: 'Amount Requested (EUR)',
  sourceType: 'Source Type',
  sourceName: 'Source Name',
  stage: 'Stage',
  dealType: 'Deal Type',
  sector: 'Sector',
  geography: 'Geography',
  description: 'Description',
  noDealType: 'Not decided',
  noSourceType: 'Not recorded',
  submit: 'Create deal',
  offerViewDeals: true,
  announceFailure: 'toast',
};
