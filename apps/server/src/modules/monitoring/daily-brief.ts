import {
  BRIEF_ITEM_KINDS,
  STAGE_LABELS,
  type TBriefItem,
  type TBriefItemKind,
  type TBriefSection,
  type TDailyBrief,
  type TRedFlag,
} from '@atempo/contracts';
import { newRedFlags } from '../deal-activity/index.ts';

/**
 * The daily brief (decision 030): what changed across the organisation's deals and companies,
 * each change one item with its importance and a link, grouped by kind; sections with the most
 * important items first, items most important then newest first. Pure: the repository reads the
 * rows, this decides what they mean.
 */

export const BRIEF_WINDOW_HOURS = 24;

export const BRIEF_SECTION_TITLES: Record<TBriefItemKind, string> = {
  red_flag: 'New red flags',
  document_risk: 'Risk flags in new documents',
  stage_change: 'Stage changes',
  score_change: 'Score changes',
  new_document: 'New documents',
  market_signal: 'Market signals',
  funding_announcement: 'Funding rounds of tracked companies',
};

/** Red-flag levels from least to most severe. */
const RED_FLAG_SEVERITY: Record<string, number> = { low_risk: 1, moderate_risk: 2, high_risk: 3, reject: 4 };
const RED_FLAG_LABELS: Record<string, string> = {
  low_risk: 'low risk',
  moderate_risk: 'moderate risk',
  high_risk: 'high risk',
  reject: 'reject',
};
/** How urgent a newly raised red flag is, by its severity. */
const NEW_FLAG_IMPORTANCE: Record<TRedFlag['severity'], TBriefItem['importance']> = {
  critical: 'high',
  high: 'high',
  medium: 'medium',
  low: 'low',
};
/** A thematic score move of at least this much (on 0–10) is worth a lender's attention. */
export const NOTABLE_SCORE_CHANGE = 1;
/** Stages where a decision was made. */
const DECISION_STAGES = new Set(['ic_review', 'term_sheet', 'closed', 'rejected']);

const IMPORTANCE_RANK = { high: 0, medium: 1, low: 2 } as const;

export interface BriefSubject {
  dealId: string | null;
  dealNumber: number | null;
  companyId: string | null;
  companyName: string | null;
  sector: string | null;
}

export interface BriefDocumentRow extends BriefSubject {
  documentId: string;
  name: string;
  status: string;
  documentType: string | null;
  riskFlags: string[];
  createdAt: Date;
}

export interface BriefActivityRow extends BriefSubject {
  dealId: string;
  kind: 'stage_changed' | 'score_changed';
  summary: string;
  details: Record<string, unknown>;
  occurredAt: Date;
  /** The deal's red flags as they stand now (a flag raised and cleared since is no news). */
  currentRedFlags: TRedFlag[];
}

export interface BriefSignalRow extends BriefSubject {
  signalId: string;
  title: string;
  signalType: string;
  impactLevel: string;
  detectedAt: Date;
}

export interface BriefAnnouncementRow extends BriefSubject {
  announcementId: string;
  title: string;
  stage: string | null;
  amountRaised: number | null;
  currency: string | null;
  announcedAt: Date;
  createdAt: Date;
}

export interface BriefRows {
  documents: BriefDocumentRow[];
  activity: BriefActivityRow[];
  signals: BriefSignalRow[];
  announcements: BriefAnnouncementRow[];
}

/** Which companies and sectors a subscriber follows; empty lists follow everything. */
export interface BriefFilter {
  companies: readonly string[];
  sectors: readonly string[];
}

const dealLink = (dealId: string) => `/deals/${dealId}/intelligence`;
const subjectLink = (subject: BriefSubject) =>
  subject.dealId ? dealLink(subject.dealId) : subject.companyId ? `/companies/${subject.companyId}` : '/';

const who = (subject: BriefSubject) =>
  subject.dealNumber !== null && subject.companyName
    ? `${subject.companyName} (deal #${subject.dealNumber})`
    : (subject.companyName ?? 'Unassigned');

function item(
  subject: BriefSubject,
  fields: Pick<TBriefItem, 'kind' | 'importance' | 'title' | 'detail' | 'link'> & {
    occurredAt: Date;
    documentId?: string | null;
  },
): TBriefItem {
  return {
    kind: fields.kind,
    importance: fields.importance,
    title: fields.title,
    detail: fields.detail,
    link: fields.link,
    occurred_at: fields.occurredAt.toISOString(),
    deal_id: subject.dealId,
    company_id: subject.companyId,
    company_name: subject.companyName,
    document_id: fields.documentId ?? null,
  };
}

const stageLabel = (stage: unknown) =>
  typeof stage === 'string' ? (STAGE_LABELS[stage as keyof typeof STAGE_LABELS] ?? stage) : 'unknown';

function activityItems(row: BriefActivityRow): TBriefItem[] {
  if (row.kind === 'stage_changed') {
    const to = row.details.to;
    return [
      item(row, {
        kind: 'stage_change',
        importance: typeof to === 'string' && DECISION_STAGES.has(to) ? 'high' : 'medium',
        title: `${who(row)}: ${stageLabel(row.details.from)} → ${stageLabel(to)}`,
        detail: row.summary,
        link: dealLink(row.dealId),
        occurredAt: row.occurredAt,
      }),
    ];
  }
  const from = (row.details.from ?? {}) as { thematic_score?: number | null; red_flag_level?: string | null };
  const to = (row.details.to ?? {}) as { thematic_score?: number | null; red_flag_level?: string | null };
  const items: TBriefItem[] = [];
  const before = RED_FLAG_SEVERITY[from.red_flag_level ?? ''] ?? 0;
  const after = RED_FLAG_SEVERITY[to.red_flag_level ?? ''] ?? 0;
  if (after > before && after >= RED_FLAG_SEVERITY.moderate_risk!) {
    items.push(
      item(row, {
        kind: 'red_flag',
        importance: after >= RED_FLAG_SEVERITY.high_risk! ? 'high' : 'medium',
        title: `${who(row)}: red-flag level now ${RED_FLAG_LABELS[to.red_flag_level!] ?? to.red_flag_level}`,
        detail: row.summary,
        link: dealLink(row.dealId),
        occurredAt: row.occurredAt,
      }),
    );
  }
  const scoreFrom = from.thematic_score;
  const scoreTo = to.thematic_score;
  if (scoreFrom !== scoreTo && (typeof scoreFrom === 'number' || typeof scoreTo === 'number')) {
    const delta = typeof scoreFrom === 'number' && typeof scoreTo === 'number' ? scoreTo - scoreFrom : null;
    const shown = (score: number | null | undefined) =>
      typeof score === 'number' ? score.toFixed(1) : 'unscored';
    items.push(
      item(row, {
        kind: 'score_change',
        importance: delta === null || Math.abs(delta) >= NOTABLE_SCORE_CHANGE ? 'medium' : 'low',
        title: `${who(row)}: thematic score ${shown(scoreFrom)} → ${shown(scoreTo)}`,
        detail: row.summary,
        link: dealLink(row.dealId),
        occurredAt: row.occurredAt,
      }),
    );
  }
  return items;
}

/** The flag identifiers a score-change state recorded; null in records from before they were kept. */
function recordedFlags(state: unknown): string[] | null {
  const flags = (state as { red_flags?: unknown } | null)?.red_flags;
  return Array.isArray(flags) ? flags.filter((flag): flag is string => typeof flag === 'string') : null;
}

/**
 * The red flags raised in the window, whether or not they moved the deal's level: each score
 * change records the flag identifiers before and after, so a flag is new when a change in the
 * window added it. One item per deal and flag (the latest raising), and only while the deal still
 * has it, described as it stands now.
 */
function newRedFlagItems(rows: BriefActivityRow[]): TBriefItem[] {
  const raised = new Map<string, { row: BriefActivityRow; flagType: string }>();
  for (const row of rows) {
    if (row.kind !== 'score_changed') continue;
    const before = recordedFlags(row.details.from);
    const after = recordedFlags(row.details.to);
    if (!before || !after) continue;
    for (const flagType of newRedFlags(before, after)) {
      const key = `${row.dealId}|${flagType}`;
      const seen = raised.get(key);
      if (!seen || row.occurredAt > seen.row.occurredAt) raised.set(key, { row, flagType });
    }
  }
  return [...raised.values()].flatMap(({ row, flagType }) => {
    const flag = row.currentRedFlags.find((candidate) => candidate.flag_type === flagType);
    if (!flag) return [];
    return [
      item(row, {
        kind: 'red_flag',
        importance: NEW_FLAG_IMPORTANCE[flag.severity] ?? 'medium',
        title: `${who(row)}: new ${flag.severity} red flag, ${flagType.replaceAll('_', ' ')}`,
        detail: flag.description,
        link: dealLink(row.dealId),
        occurredAt: row.occurredAt,
      }),
    ];
  });
}

function documentItems(row: BriefDocumentRow): TBriefItem[] {
  const link = row.dealId ? `${dealLink(row.dealId)}?document=${row.documentId}` : subjectLink(row);
  const items = [
    item(row, {
      kind: 'new_document',
      importance: row.documentType === 'term_sheet' || row.status === 'failed' ? 'medium' : 'low',
      title: `${row.name} (${who(row)})`,
      detail:
        row.status === 'failed'
          ? 'The document could not be analysed'
          : row.status === 'processing'
            ? 'Still being analysed'
            : `Analysed as ${(row.documentType ?? 'other').replace(/_/g, ' ')}`,
      link,
      occurredAt: row.createdAt,
      documentId: row.documentId,
    }),
  ];
  if (row.riskFlags.length > 0) {
    items.push(
      item(row, {
        kind: 'document_risk',
        importance: row.riskFlags.length >= 2 ? 'high' : 'medium',
        title: `${row.riskFlags.length} risk flag${row.riskFlags.length === 1 ? '' : 's'} in ${row.name} (${who(row)})`,
        detail: row.riskFlags.slice(0, 3).join(' · '),
        link,
        occurredAt: row.createdAt,
        documentId: row.documentId,
      }),
    );
  }
  return items;
}

function signalItem(row: BriefSignalRow): TBriefItem {
  const importance = row.impactLevel === 'high' ? 'high' : row.impactLevel === 'medium' ? 'medium' : 'low';
  return item(row, {
    kind: 'market_signal',
    importance,
    title: row.title,
    detail: `${row.signalType.replace(/_/g, ' ')} · ${row.companyName ?? 'market'}`,
    link: `/intelligence?signal=${row.signalId}`,
    occurredAt: row.detectedAt,
  });
}

function announcementItem(row: BriefAnnouncementRow): TBriefItem {
  const amount =
    row.amountRaised === null
      ? 'amount not disclosed'
      : `${row.currency ?? ''} ${row.amountRaised.toLocaleString('en-GB')}`.trim();
  return item(row, {
    // A tracked company that just raised is the moment to offer a facility.
    kind: 'funding_announcement',
    importance: 'high',
    title: row.title,
    detail: [row.stage, amount].filter(Boolean).join(' · '),
    link: row.companyId ? `/companies/${row.companyId}` : `/intelligence?announcement=${row.announcementId}`,
    occurredAt: row.createdAt,
  });
}

const normalise = (text: string) => text.trim().toLowerCase();

/** Whether a row is about a followed company (by id or name) or sector; empty filters follow all. */
export function followed(subject: BriefSubject, filter: BriefFilter): boolean {
  const companies = filter.companies.map(normalise);
  const sectors = filter.sectors.map(normalise);
  if (companies.length === 0 && sectors.length === 0) return true;
  const byCompany =
    companies.length > 0 &&
    ((subject.companyId !== null && companies.includes(subject.companyId.toLowerCase())) ||
      (subject.companyName !== null && companies.includes(normalise(subject.companyName))));
  const bySector =
    sectors.length > 0 &&
    subject.sector !== null &&
    sectors.some((sector) => normalise(subject.sector!).includes(sector));
  return byCompany || bySector;
}

const byImportanceThenNewest = (a: TBriefItem, b: TBriefItem) =>
  IMPORTANCE_RANK[a.importance] - IMPORTANCE_RANK[b.importance] || b.occurred_at.localeCompare(a.occurred_at);

export function buildDailyBrief(
  rows: BriefRows,
  period: { start: Date; end: Date },
  filter: BriefFilter = { companies: [], sectors: [] },
): TDailyBrief {
  const keep = <T extends BriefSubject>(list: T[]) => list.filter((row) => followed(row, filter));
  const activity = keep(rows.activity);
  const items = [
    ...activity.flatMap(activityItems),
    ...newRedFlagItems(activity),
    ...keep(rows.documents).flatMap(documentItems),
    ...keep(rows.signals).map(signalItem),
    ...keep(rows.announcements).map(announcementItem),
  ];
  const sections: TBriefSection[] = BRIEF_ITEM_KINDS.map((kind) => ({
    kind,
    title: BRIEF_SECTION_TITLES[kind],
    items: items.filter((entry) => entry.kind === kind).sort(byImportanceThenNewest),
  })).filter((section) => section.items.length > 0);
  // A section ranks by its most important item, then by how many such items it has, then by kind order.
  const weight = (section: TBriefSection) => IMPORTANCE_RANK[section.items[0]!.importance];
  const count = (section: TBriefSection) =>
    section.items.filter((entry) => entry.importance === section.items[0]!.importance).length;
  sections.sort(
    (a, b) =>
      weight(a) - weight(b) ||
      count(b) - count(a) ||
      BRIEF_ITEM_KINDS.indexOf(a.kind) - BRIEF_ITEM_KINDS.indexOf(b.kind),
  );
  const high = items.filter((entry) => entry.importance === 'high').length;
  const summary =
    items.length === 0
      ? `Nothing changed in the last ${BRIEF_WINDOW_HOURS} hours.`
      : `${items.length} change${items.length === 1 ? '' : 's'} in the last ${BRIEF_WINDOW_HOURS} hours, ${high} needing attention.`;
  return {
    generated_at: period.end.toISOString(),
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    summary,
    total_items: items.length,
    sections,
  };
}
