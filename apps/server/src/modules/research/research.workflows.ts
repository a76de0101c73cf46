import { catalogued } from '../../platform/workflows/index.ts';
import { COMPANY_DISCOVERY } from './workflows/company-discovery.workflow.ts';
import { DEEP_RESEARCH } from './workflows/deep-research.workflow.ts';
import { NEW_DEAL } from './workflows/new-deal.workflow.ts';
import { RESEARCH_DISCOVER } from './workflows/research-discover.workflow.ts';

export {
  COMPANY_DISCOVERY,
  type CompanyDiscoveryInput,
  ZCompanyDiscoveryInput,
} from './workflows/company-discovery.workflow.ts';
export {
  DEEP_RESEARCH,
  type DeepResearchInput,
  ZDeepResearchInput,
} from './workflows/deep-research.workflow.ts';
export { NEW_DEAL, type NewDealInput, ZNewDealInput } from './workflows/new-deal.workflow.ts';
export {
  type DiscoverInput,
  RESEARCH_DISCOVER,
  ZDiscoverInput,
} from './workflows/research-discover.workflow.ts';

/**
 * The research workflows (decision 029): a company's discovery, the new-deal workflow, deep
 * research over a question and thesis-driven company discovery. All run on the workflow runner,
 * step by step, with logs; deep research and discovery publish their findings as they go.
 * Each is defined in its own file under workflows/.
 */
export const RESEARCH_WORKFLOWS = [
  catalogued(RESEARCH_DISCOVER),
  catalogued(NEW_DEAL),
  catalogued(DEEP_RESEARCH),
  catalogued(COMPANY_DISCOVERY),
];
