import { randomUUID } from 'node:crypto';
import type { TDealStage } from '@atempo/contracts';
import {
  companies,
  type Database,
  dealActivity,
  deals,
  fundingAnnouncements,
  marketSignals,
} from '@atempo/db';

/**
 * Seeds history straight into the tables, with the timestamps a test needs (the API stamps "now").
 * Times are given in days before `now`.
 */
export function historySeeder(db: Database, organizationId: string, now: number) {
  const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000);
  let dealNumber = 0;
  return {
    daysAgo,
    async company(name: string, createdDaysAgo: number): Promise<string> {
      const [row] = await db
        .insert(companies)
        .values({ organizationId, name, createdAt: daysAgo(createdDaysAgo) })
        .returning({ id: companies.id });
      if (!row) throw new Error('company not inserted');
      return row.id;
    },
    /** A deal created at `createdDaysAgo` in `initialStage`, then moved through `changes` (days ago, stage). */
    async deal(options: {
      companyId: string;
      amount: number;
      createdDaysAgo: number;
      initialStage: TDealStage;
      changes?: [number, TDealStage][];
      thematicScore?: number | null;
    }): Promise<string> {
      const changes = options.changes ?? [];
      const stage = changes.at(-1)?.[1] ?? options.initialStage;
      const [row] = await db
        .insert(deals)
        .values({
          organizationId,
          dealNumber: ++dealNumber,
          companyId: options.companyId,
          amountRequested: options.amount,
          stage,
          thematicScore: options.thematicScore ?? null,
          createdAt: daysAgo(options.createdDaysAgo),
        })
        .returning({ id: deals.id });
      if (!row) throw new Error('deal not inserted');
      let from: string = options.initialStage;
      for (const [days, to] of changes) {
        await db.insert(dealActivity).values({
          organizationId,
          dealId: row.id,
          kind: 'stage_changed',
          summary: `Stage changed from ${from} to ${to}`,
          details: { from, to },
          occurredAt: daysAgo(days),
        });
        from = to;
      }
      return row.id;
    },
    async signal(impactLevel: 'high' | 'medium' | 'low', detectedDaysAgo: number): Promise<void> {
      await db.insert(marketSignals).values({
        organizationId,
        signalType: 'funding_round',
        companyName: 'Signal Co',
        title: `A ${impactLevel} signal`,
        relevanceScore: 0.8,
        impactLevel,
        dedupKey: randomUUID(),
        detectedAt: daysAgo(detectedDaysAgo),
      });
    },
    async round(options: { sector: string | null; amountEur: number | null; announcedDaysAgo: number }) {
      await db.insert(fundingAnnouncements).values({
        organizationId,
        companyName: 'Raised Ltd',
        title: 'Raised Ltd raises a round',
        amountRaised: options.amountEur,
        currency: options.amountEur === null ? null : 'EUR',
        amountEur: options.amountEur,
        sector: options.sector,
        announcedAt: daysAgo(options.announcedDaysAgo),
        confidenceScore: 0.9,
        sourceName: 'Test feed',
        dedupKey: randomUUID(),
      });
    },
  };
}
