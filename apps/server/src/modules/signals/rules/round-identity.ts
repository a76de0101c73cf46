import { companyNameKey, sameRound } from '@atempo/documents';
import type { RoundFact } from './signal-facts.ts';

/**
 * A round's identity is the round, not the article: the same company, stages that do not
 * contradict, dates within the dedup window and amounts within tolerance (decision 032's
 * `sameRound`). The ingest merges most reports into one announcement, but two announcements of one
 * round still happen (a report read before its twin's stage was known, a company spelled with a
 * suffix, a feed imported twice), so the scan groups its rounds the same way before any rule runs:
 * every rule then sees one round, citing every report.
 */

export interface RoundGroup {
  /** The round the signals are stored under: the earliest report (then the lowest id). */
  representative: RoundFact;
  /** Every announcement of the round, the representative first. */
  members: RoundFact[];
}

const byDateThenId = (a: RoundFact, b: RoundFact) =>
  a.announcedAt.getTime() - b.announcedAt.getTime() || a.id.localeCompare(b.id);

/** Stored stages come from the extraction's own vocabulary, which `sameRound` compares by equality. */
const asStored = (round: RoundFact): Parameters<typeof sameRound>[1] => ({
  stage: round.stage as Parameters<typeof sameRound>[1]['stage'],
  amount_eur: round.amountEur,
  announced_at: round.announcedAt.toISOString(),
});

/** Groups reports of one round; a report joins the first group of its company every member of which it matches. */
export function groupRounds(rounds: readonly RoundFact[]): RoundGroup[] {
  const groups: RoundFact[][] = [];
  const byCompany = new Map<string, RoundFact[][]>();
  for (const round of [...rounds].sort(byDateThenId)) {
    const key = round.companyId ?? `name:${companyNameKey(round.companyName)}`;
    const nameKey = `name:${companyNameKey(round.companyName)}`;
    const candidates = [
      ...(byCompany.get(key) ?? []),
      ...(key === nameKey ? [] : (byCompany.get(nameKey) ?? [])),
    ];
    const group = candidates.find((members) =>
      members.every((member) => sameRound(asStored(member), asStored(round))),
    );
    if (group) {
      group.push(round);
      continue;
    }
    const created = [round];
    groups.push(created);
    for (const k of new Set([key, nameKey])) byCompany.set(k, [...(byCompany.get(k) ?? []), created]);
  }
  return groups.map((members) => ({ representative: mergedRound(members), members }));
}

/**
 * One round from its reports: dated and identified by the earliest; each figure from the most
 * confident report that has it; investors the union; a rumour only while every report is.
 */
function mergedRound(members: RoundFact[]): RoundFact {
  const [first] = members as [RoundFact, ...RoundFact[]];
  const confident = [...members].sort((a, b) => b.confidenceScore - a.confidenceScore);
  const pick = <K extends keyof RoundFact>(key: K): RoundFact[K] =>
    (confident.find((round) => round[key] !== null && round[key] !== 'Unknown' && round[key] !== 'other')?.[
      key
    ] ?? first[key]) as RoundFact[K];
  const amountFrom = confident.find((round) => round.amountEur !== null) ?? first;
  const seen = new Set<string>();
  const investors = confident
    .flatMap((round) => round.investors)
    .filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return {
    ...first,
    companyId: members.find((round) => round.companyId)?.companyId ?? null,
    amountRaised: amountFrom.amountRaised,
    currency: amountFrom.currency,
    amountEur: amountFrom.amountEur,
    stage: pick('stage'),
    region: pick('region'),
    country: pick('country'),
    sector: pick('sector'),
    investors,
    confidenceScore: confident[0]?.confidenceScore ?? first.confidenceScore,
    rumoured: members.every((round) => round.rumoured),
    reports: members.map((round) => ({
      announcement_id: round.id,
      source_name: round.sourceName,
      source_url: round.sourceUrl,
      title: round.title,
      announced_at: round.announcedAt.toISOString(),
    })),
  };
}
