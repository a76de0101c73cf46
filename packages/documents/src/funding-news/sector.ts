/**
 * The company's sector from a fixed vocabulary (FUNDING_SECTORS). Domain sectors are tried before
 * horizontal ones: an "AI-powered payments platform" is fintech to a lender, and "AI" or "SaaS"
 * only when no domain is named. 'other' when nothing matches: unsure is not guessed.
 */
import type { TFundingSector } from '@atempo/contracts';

const RULES: [TFundingSector, RegExp][] = [
  ['insurtech', /\b(insurtech|insurance|insurer|underwriting)\b/i],
  [
    'fintech',
    /\b(fintech|payments?|neobank|banking|bank|lending|lender|BNPL|buy now,? pay later|credit card|wealthtech|crypto|stablecoin|bookkeeping|expense management|treasury|regtech|open banking|financial services|trading platform|invoice financing|embedded finance|spend management)\b/i,
  ],
  [
    'biotech',
    /\b(biotech|therapeutics|drug discovery|antibod(?:y|ies)|biolog(?:y|ics)|gene therapy|clinical[\s-]stage|biopharma)\b/i,
  ],
  [
    'healthtech',
    /\b(healthtech|health[\s-]?tech|medtech|digital health|healthcare|health|medical|patients?|clinics?|diagnostics?|mental health|telehealth|care homes?|femtech|pharmacy)\b/i,
  ],
  [
    'climate_tech',
    /\b(climate|climate[\s-]?tech|cleantech|carbon|decarboni[sz]\w*|renewables?|solar|wind (?:energy|power|farms?)|batter(?:y|ies)|energy|heat pumps?|EV charging|hydrogen|sustainab\w*|net[\s-]zero|emissions?|offshore wind|waste|circular|recycl\w*)\b/i,
  ],
  ['proptech', /\b(proptech|real estate|property|mortgages?|rental|construction tech|contech)\b/i],
  ['edtech', /\b(edtech|education|learning platform|tutoring|students?|schools?|upskilling)\b/i],
  [
    'mobility',
    /\b(mobility|ride[\s-]hailing|scooters?|e-?bikes?|car[\s-]sharing|fleet|electric vehicles?|automotive)\b/i,
  ],
  [
    'cybersecurity',
    /\b(cyber[\s-]?security|cyber|security platform|identity verification|fraud prevention|threat detection|zero[\s-]trust)\b/i,
  ],
  [
    'hrtech',
    /\b(hrtech|HR|HR tech|HR platform|payroll|recruit(?:ing|ment)|hiring platform|workforce|employee benefits)\b/i,
  ],
  ['legaltech', /\b(legaltech|legal tech|legal AI|lawyers?|law firms?|contracts? management)\b/i],
  [
    'foodtech',
    /\b(foodtech|food delivery|grocer(?:y|ies)|restaurants?|alternative protein|plant[\s-]based|meal kits?|agritech|agtech|farming|farmers?)\b/i,
  ],
  ['defence', /\b(defen[cs]e|defen[cs]e tech|military|dual[\s-]use)\b/i],
  ['gaming', /\b(gaming|games?|esports|game studio)\b/i],
  ['logistics', /\b(logistics|supply chain|freight|shipping|delivery|warehous\w*|last[\s-]mile)\b/i],
  ['marketplaces', /\b(marketplace|marketplaces)\b/i],
  [
    'ecommerce',
    /\b(e-?commerce|online retail|D2C|direct[\s-]to[\s-]consumer|shopping|retail tech|resale|re-?commerce)\b/i,
  ],
  [
    'deeptech',
    /\b(deep[\s-]?tech|quantum|semiconductors?|chips?|photonics|robotics|robots?|space[\s-]?tech|satellites?|fusion|drones?)\b/i,
  ],
  [
    'ai',
    /\b(AI|A\.I\.|artificial intelligence|machine learning|LLMs?|large language models?|generative|GenAI|AI[\s-]powered|AI[\s-]native|computer vision|agentic)\b/i,
  ],
  [
    'b2b_saas',
    /\b(SaaS|software|B2B platform|workflow|automation|developer tools?|DevOps|API[\s-]first|no[\s-]code|low[\s-]code|CRM|ERP|analytics platform|data platform|cloud)\b/i,
  ],
];

/** The first rule matching the title, else the first matching the summary, else 'other'. */
export function findSector(title: string, summary: string): TFundingSector {
  for (const text of [title, summary]) {
    for (const [sector, rule] of RULES) if (rule.test(text)) return sector;
  }
  return 'other';
}
