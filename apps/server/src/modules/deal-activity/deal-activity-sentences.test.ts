import { describe, expect, it } from 'vitest';
import {
  amountChanged,
  documentAnalysed,
  documentFailed,
  formatEuro,
  newRedFlags,
  redFlagIds,
  scoreChanged,
  stageChanged,
} from './deal-activity-sentences.ts';

const subject = { organizationId: 'org', dealId: 'deal', actorId: null };

describe('activity sentences', () => {
  it('names stages as the screens do and keeps the raw values in details', () => {
    expect(stageChanged(subject, 'due_diligence', 'ic_review')).toMatchObject({
      summary: 'Stage changed from Due Diligence to IC Review',
      details: { from: 'due_diligence', to: 'ic_review' },
    });
  });

  it('writes amounts to the euro, never rounded', () => {
    expect(amountChanged(subject, 1_250_000.5, 999).summary).toBe(
      'Amount requested changed from €1,250,000.50 to €999',
    );
    expect(formatEuro(0)).toBe('€0');
  });

  it('logs a score change only when the score or the level moved, or a red flag was raised', () => {
    const low = { thematic_score: 6.2, red_flag_level: 'low_risk', red_flags: ['stale_relationship'] };
    expect(scoreChanged(subject, low, { ...low })).toBeNull();
    // A cleared flag alone is not news.
    expect(scoreChanged(subject, low, { ...low, red_flags: [] })).toBeNull();
    expect(scoreChanged(subject, low, { ...low, thematic_score: 7 })?.summary).toBe(
      'Thematic score changed from 6.2 to 7.0',
    );
    expect(scoreChanged(subject, low, { ...low, red_flag_level: 'moderate_risk' })?.summary).toBe(
      'Red-flag level changed from low risk to moderate risk',
    );
    expect(
      scoreChanged(subject, low, { ...low, red_flags: ['short_runway', 'stale_relationship'] }),
    ).toMatchObject({
      summary: 'New red flag: short runway',
      details: { from: low, to: { red_flags: ['short_runway', 'stale_relationship'] } },
    });
    expect(
      scoreChanged(
        subject,
        { thematic_score: null, red_flag_level: null, red_flags: [] },
        { thematic_score: 5, red_flag_level: 'reject', red_flags: ['short_runway', 'high_burn'] },
      )?.summary,
    ).toBe(
      'Thematic score changed from unscored to 5.0; red-flag level changed from none to reject; new red flags: short runway, high burn',
    );
  });

  it('reads the identifiers of a stored red-flag list, none when unscored', () => {
    expect(redFlagIds(null)).toEqual([]);
    expect(
      redFlagIds([
        { flag_type: 'short_runway', severity: 'critical' },
        { severity: 'low' },
        { flag_type: 'high_burn', severity: 'high' },
      ]),
    ).toEqual(['short_runway', 'high_burn']);
    expect(newRedFlags(['a', 'b'], ['b', 'c', 'a', 'd'])).toEqual(['c', 'd']);
  });

  it('describes document events for the upload pipeline', () => {
    const document = { id: 'doc', name: 'Model.xlsx' };
    expect(
      documentAnalysed(subject, { ...document, documentType: 'financial_model', metrics: 1, riskFlags: 3 })
        .summary,
    ).toBe('Model.xlsx analysed as a financial model: 1 figure, 3 risk flags');
    expect(
      documentFailed(subject, { ...document, error: 'Analysis failed: Model.xlsx is empty' }),
    ).toMatchObject({
      kind: 'document_failed',
      summary: 'Analysis failed: Model.xlsx is empty',
    });
  });
});
