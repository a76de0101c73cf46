import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileThesis, isCompiledThesis } from './compiled-thesis.ts';
import { scoreCompany } from './score-company.ts';
import { scoreDeal } from './score-deal.ts';
import { nowArb, realisticSubject, thesisArb, wildSubject } from './testing/arbitraries.ts';
import { NOW, THESIS } from './testing/fixtures.ts';

const RUNS = { numRuns: 80 };
const subjects = fc.array(fc.oneof(wildSubject, realisticSubject), { minLength: 1, maxLength: 8 });

describe('compiled thesis', () => {
  it('scores every deal and company exactly as the plain thesis does, memo warm or cold', () => {
    fc.assert(
      fc.property(thesisArb, subjects, nowArb, (thesis, batch, now) => {
        const compiled = compileThesis(thesis);
        // Each subject twice: the second pass reads only from the memo filled by the first.
        for (const subject of [...batch, ...batch]) {
          expect(scoreDeal(subject, compiled, now)).toEqual(scoreDeal(subject, thesis, now));
          expect(scoreCompany(subject, compiled, now)).toEqual(scoreCompany(subject, thesis, now));
        }
      }),
      RUNS,
    );
  }, 30_000);

  it('is still the thesis it was made from', () => {
    const compiled = compileThesis(THESIS);
    expect(isCompiledThesis(compiled)).toBe(true);
    expect(isCompiledThesis(THESIS)).toBe(false);
    expect(JSON.parse(JSON.stringify(compiled))).toEqual(THESIS);
  });

  it('keeps one thesis from answering for another', () => {
    const subject = { sector: 'Gaming', geography: 'Chile', stage: 'Seed' };
    const first = compileThesis(THESIS);
    const second = compileThesis({
      ...THESIS,
      target_sectors: { gaming: { weight: 1, min_gross_margin: 0.5, focus_areas: [] } },
      primary_markets: { Chile: 1 },
      target_stages: ['Seed'],
    });
    expect(scoreCompany(subject, first, NOW).thematic_score).toBeLessThan(
      scoreCompany(subject, second, NOW).thematic_score,
    );
    expect(scoreCompany(subject, second, NOW)).toEqual(scoreCompany(subject, { ...THESIS, ...second }, NOW));
  });
});
