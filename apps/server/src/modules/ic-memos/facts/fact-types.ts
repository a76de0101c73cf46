import type { TCitation, TDeal, TDealStage, TFacilityTerm, TSourcedMetric } from '@atempo/contracts';

/**
 * Everything an IC memo may say about a deal, each fact with the citation it will be footnoted
 * to: the deal record, its company, scores and red flags, the figures of its documents with their
 * page or cell, the terms of an uploaded term sheet, the suggested facility and the organisation's
 * comparable deals. The writers (template or model) say nothing that is not here. Plain JSON, so a
 * workflow step can keep it as its output.
 */
export interface CitedMetric {
  /** A canonical name: record names (monthly_burn, employee_count, last_round_amount) win. */
  name: string;
  label: string;
  value: number;
  unit: TSourcedMetric['unit'];
  period: string | null;
  citation: TCitation;
  /** Annualised from a document's quarter, month or MRR (annualRevenueOf): not reported annual revenue. */
  run_rate?: true;
  /**
   * A document's figure the deal record does not hold (yet): "from the document, not yet accepted".
   * record_value is what the record says instead, when it says something else.
   */
  not_yet_accepted?: true;
  record_value?: number;
}

/** A document's (or the record's) figure the memo does not take as its metric, and why. */
export interface OtherReading {
  name: string;
  label: string;
  value: number;
  unit: TSourcedMetric['unit'];
  period: string | null;
  citation: TCitation;
  /** "its months are not stated, so it is not read as annual revenue"; "the memo uses …". */
  reason: string;
  not_yet_accepted?: true;
}

export interface CitedTerm {
  name: string;
  value: number | null;
  unit: TFacilityTerm['unit'];
  /** The term as the document writes it. */
  text: string;
  citation: TCitation;
}

export interface IcMemoFacts {
  gathered_at: string;
  deal: {
    id: string;
    deal_number: number;
    company_id: string;
    company_name: string;
    stage: TDealStage;
    stage_label: string;
    amount_requested: number;
    sector: string | null;
    geography: string | null;
    deal_type: string | null;
    description: string | null;
    thematic_score: number | null;
    thematic_recommendation: TDeal['thematic_recommendation'];
    red_flag_level: TDeal['red_flag_level'];
    red_flag_score: number | null;
    citation: TCitation;
  };
  scoring: { name: string; label: string; score: number; reason: string; citation: TCitation }[];
  company: {
    id: string;
    /** The description's own citation (its words), when there is one. */
    description_citation: TCitation | null;
    name: string;
    industry: string | null;
    country: string | null;
    stage: string | null;
    description: string | null;
    website: string | null;
    founded_year: number | null;
    ceo_name: string | null;
    investors: string[];
    has_tier1_vc: boolean | null;
    recent_cfo_hire: boolean | null;
    total_funding: number | null;
    citation: TCitation;
  };
  /** One per metric, the newest document's reading first, else the deal record's. */
  metrics: CitedMetric[];
  /** Every other figure the documents (and the record) state, so no cited figure goes unsaid. */
  other_readings: OtherReading[];
  documents: {
    id: string;
    name: string;
    status: string;
    document_type: string | null;
    /** Set when the document appears to be about another company: its figures are left out. */
    other_company: string | null;
  }[];
  red_flags: { severity: string; category: string; description: string; citation: TCitation }[];
  document_risks: { text: string; citation: TCitation }[];
  /** From the newest term sheet or loan agreement; null when none was uploaded. */
  terms: {
    document: { id: string; name: string };
    items: CitedTerm[];
    covenants: { text: string; citation: TCitation }[];
  } | null;
  suggested_facility: {
    min: number | null;
    max: number | null;
    reasoning: string[];
    citation: TCitation;
  } | null;
  calculations: {
    runway: { months: number; citation: TCitation } | null;
    revenue_forecast: { value: number; citation: TCitation } | null;
  };
  comparables: {
    deal_id: string;
    company_name: string;
    stage_label: string;
    amount_requested: number;
    thematic_score: number | null;
    citation: TCitation;
  }[];
}
