import { randomBytes } from 'node:crypto';
import { type TDocumentAnalysis, type TDocumentType, ZDocumentAnalysis } from '@atempo/contracts';
import { type Database, documents } from '@atempo/db';

/**
 * Test documents written straight into the documents table, as the upload pipeline leaves them:
 * the analysis (ZDocumentAnalysis, validated here) in documents.analysis without the fields the
 * row holds itself. The figures are those of a plausible venture-debt file on one company.
 */

type AnalysisContent = Omit<
  TDocumentAnalysis,
  'document_id' | 'filename' | 'file_size' | 'document_type' | 'page_count' | 'processed_at'
>;

export interface DocumentSeed {
  organizationId: string;
  dealId?: string | null;
  companyId?: string | null;
  createdBy?: string | null;
  name: string;
  format?: string;
  size?: number;
  createdAt: Date;
  status?: 'processing' | 'completed' | 'failed';
  error?: string | null;
  documentType?: TDocumentType;
  pageCount?: number;
  analysis?: AnalysisContent;
}

/** Inserts one document and answers its id; a completed one's analysis must pass ZDocumentAnalysis. */
export async function insertDocument(db: Database, seed: DocumentSeed): Promise<string> {
  const status = seed.status ?? 'completed';
  const id = crypto.randomUUID();
  const size = seed.size ?? 48_213;
  const processedAt = status === 'processing' ? null : new Date(seed.createdAt.getTime() + 4_000);
  if (status === 'completed') {
    ZDocumentAnalysis.parse({
      ...seed.analysis,
      document_id: id,
      filename: seed.name,
      file_size: size,
      document_type: seed.documentType,
      page_count: seed.pageCount ?? 1,
      processed_at: processedAt!.toISOString(),
    });
  }
  await db.insert(documents).values({
    id,
    organizationId: seed.organizationId,
    dealId: seed.dealId ?? null,
    companyId: seed.companyId ?? null,
    name: seed.name,
    size,
    format: seed.format ?? 'pdf',
    sha256: randomBytes(32).toString('hex'),
    status,
    error: seed.error ?? null,
    analysis: status === 'completed' ? seed.analysis : null,
    documentType: status === 'completed' ? seed.documentType : null,
    pageCount: status === 'completed' ? (seed.pageCount ?? 1) : null,
    createdBy: seed.createdBy ?? null,
    createdAt: seed.createdAt,
    modifiedAt: seed.createdAt,
    processedAt,
  });
  return id;
}

const ENGINE = { provider: 'built-in', model: 'atempo-analyst-1' };

const cell = (sheet: string, address: string, excerpt: string) => ({
  kind: 'cell' as const,
  sheet,
  cell: address,
  label: `${sheet}!${address}`,
  excerpt,
});
const page = (number: number, excerpt: string) => ({
  kind: 'page' as const,
  page: number,
  label: `page ${number}`,
  excerpt,
});

/** A financial model (xlsx): FY2024 figures, an annual burn, two flags. */
export const FINANCIAL_MODEL: AnalysisContent = {
  confidence_score: 0.86,
  content_summary:
    'Lumen Robotics closed FY2024 with revenue of €12.4M and ARR of €13.2M. Gross margin was 71%. Net burn for the year was €4.8M against €9.6M of cash.',
  key_metrics: {
    revenue: {
      value: 12_400_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'FY2024',
      months_covered: 12,
      source: cell('P&L', 'D14', 'Total revenue | 12,400,000'),
    },
    arr: {
      value: 13_200_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'FY2024',
      months_covered: 12,
      source: cell('KPIs', 'D6', 'ARR (year end) | 13,200,000'),
    },
    gross_margin: {
      value: 0.71,
      unit: 'fraction',
      currency: null,
      period: 'FY2024',
      source: cell('P&L', 'D18', 'Gross margin | 71.0%'),
    },
    ebitda: {
      value: -3_100_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'FY2024',
      source: cell('P&L', 'D25', 'EBITDA | (3,100,000)'),
    },
    net_burn: {
      value: 4_800_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'FY2024',
      months_covered: 12,
      source: cell('Cash', 'D9', 'Net cash burn | (4,800,000)'),
    },
    cash: {
      value: 9_600_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'FY2024',
      source: cell('Cash', 'D12', 'Closing cash | 9,600,000'),
    },
    headcount: {
      value: 118,
      unit: 'count',
      currency: null,
      period: 'FY2024',
      source: cell('KPIs', 'D20', 'FTE at year end | 118'),
    },
    monthly_churn: {
      value: 0.012,
      unit: 'fraction',
      currency: null,
      period: 'FY2024',
      source: cell('KPIs', 'D11', 'Monthly logo churn | 1.2%'),
    },
  },
  risk_flags: [
    'The top three customers make up 46% of FY2024 revenue.',
    'EBITDA was negative at €3.1M in FY2024.',
  ],
  risk_flag_details: [
    {
      text: 'The top three customers make up 46% of FY2024 revenue.',
      source: cell('Customers', 'C8', 'Top 3 share of revenue | 46%'),
    },
    { text: 'EBITDA was negative at €3.1M in FY2024.', source: cell('P&L', 'D25', 'EBITDA | (3,100,000)') },
  ],
  action_items: [
    'Request monthly management accounts for the last 12 months',
    'Request the current cap table',
  ],
  facility_terms: null,
  suggested_folder: 'Lumen Robotics/Financials',
  notices: [],
  engine: ENGINE,
  created_by: 'Ada Lovelace',
};

/** A quarterly board report (pdf): a quarterly revenue, a monthly burn, a covenant breach. */
export const BOARD_REPORT: AnalysisContent = {
  confidence_score: 0.74,
  content_summary:
    'Q2 2025 revenue was €2.9M. Monthly net burn fell to €380k. Management expects to breach the minimum cash covenant in Q4 2025.',
  key_metrics: {
    revenue: {
      value: 2_900_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'Q2 2025',
      months_covered: 3,
      source: page(3, 'Revenue for the quarter was €2.9m'),
    },
    arr: {
      value: 11_000_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'Q2 2025',
      months_covered: 12,
      source: page(3, 'ARR reached €11.0m'),
    },
    net_burn: {
      value: 380_000,
      unit: 'currency',
      currency: 'EUR',
      period: 'monthly',
      months_covered: 1,
      source: page(5, 'Net burn of €380k per month'),
    },
    customers: {
      value: 84,
      unit: 'count',
      currency: null,
      period: 'Q2 2025',
      source: page(4, '84 paying customers'),
    },
    runway_months: {
      value: 19,
      unit: 'months',
      currency: null,
      period: null,
      source: page(5, 'a runway of 19 months'),
    },
  },
  risk_flags: ['Management expects to breach the minimum cash covenant in Q4 2025.'],
  risk_flag_details: [
    {
      text: 'Management expects to breach the minimum cash covenant in Q4 2025.',
      source: page(6, 'we expect to breach the minimum cash covenant in Q4'),
    },
  ],
  action_items: [
    'Request monthly management accounts for the last 12 months.',
    'Ask for the covenant waiver correspondence',
  ],
  facility_terms: null,
  suggested_folder: 'Lumen Robotics/Board',
  notices: ['Page 9 could not be read and was skipped.'],
  engine: ENGINE,
  created_by: 'Ada Lovelace',
};

/** A term sheet (pdf): the facility terms and the last round, stated in USD and converted. */
export const TERM_SHEET: AnalysisContent = {
  confidence_score: 0.93,
  content_summary:
    'A €5,000,000 growth term loan over 36 months at EURIBOR + 6.5%. Interest only for 12 months. Warrants over 10% of the facility.',
  key_metrics: {
    last_round: {
      value: 27_600_000,
      unit: 'currency',
      currency: 'EUR',
      period: '2024',
      source: page(1, 'following its $30m Series B'),
      original: { value: 30_000_000, currency: 'USD', rate: 0.92, rate_date: '2025-06-30' },
    },
  },
  risk_flags: [],
  risk_flag_details: [],
  action_items: ['Request the current cap table.'],
  facility_terms: {
    terms: {
      facility_amount: {
        value: 5_000_000,
        unit: 'currency',
        text: '€5,000,000',
        source: page(1, 'Facility amount: €5,000,000'),
      },
      margin_over_base: {
        value: 0.065,
        unit: 'fraction',
        text: 'EURIBOR + 6.5%',
        source: page(1, 'Interest: EURIBOR + 6.5% per annum'),
      },
      maturity_months: {
        value: 36,
        unit: 'months',
        text: '36 months',
        source: page(2, 'Maturity: 36 months from drawdown'),
      },
      interest_only_months: {
        value: 12,
        unit: 'months',
        text: '12 months',
        source: page(2, 'Interest only for the first 12 months'),
      },
      warrant_coverage: {
        value: 0.1,
        unit: 'fraction',
        text: '10% of the facility',
        source: page(2, 'Warrants: 10% of the facility amount'),
      },
    },
    covenants: [
      {
        text: 'Minimum cash of €2,000,000 at all times',
        source: page(3, 'maintain minimum cash of €2,000,000'),
      },
    ],
  },
  suggested_folder: 'Lumen Robotics/Legal',
  notices: [],
  engine: ENGINE,
  created_by: 'Ada Lovelace',
};
