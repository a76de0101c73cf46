import { competitiveThreatSignals } from './competitive-threat.ts';
import { fundingRoundSignals } from './funding-round.ts';
import { ipoSignals } from './ipo-signal.ts';
import { marketOpportunitySignals } from './market-opportunity.ts';
import type { RuleContext } from './rule-context.ts';
import type { DerivedSignal } from './signal-facts.ts';

/** Every rule over the same context; deterministic for the same rounds, companies, thesis and clock. */
export function deriveSignals(context: RuleContext): DerivedSignal[] {
  return [
    ...fundingRoundSignals(context),
    ...ipoSignals(context),
    ...competitiveThreatSignals(context),
    ...marketOpportunitySignals(context),
  ];
}
