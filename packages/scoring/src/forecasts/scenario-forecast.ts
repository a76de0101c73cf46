import { isKnown } from '../numbers.ts';

/**
 * Scenario forecasts for a venture-debt facility: base, upside and downside monthly projections
 * of revenue, net burn and cash, with and without the proposed facility's drawdown, interest and
 * repayments, and the month cash would fall below zero. Pure arithmetic; every input carries the
 * place it came from, and a missing input is named rather than guessed (decision 030).
 *
 * The model, month m = 1 … horizon (m / 12 years after today):
 * - revenue_m = r0 × (1 + g_case)^(m/12), r0 = current annual revenue ÷ 12;
 * - operating costs before cost of sales today: opex0 = burn0 + gm × r0 (burn = opex − gross profit);
 * - opex_m = opex0 × cost_factor_case × (1 + g_costs)^(m/12), g_costs = max(0, g) × COST_GROWTH_SHARE:
 *   the cost plan follows the base plan's growth in every case; what differs is the revenue;
 * - burn_m = opex_m − gm × revenue_m (negative: the company generates cash);
 * - cash_m = cash_{m−1} − burn_m; with the facility also + drawdown − interest − principal.
 * Without a gross margin the burn cannot follow revenue: it moves only with costs,
 * burn_m = burn0 + |burn0| × (costs_m − 1), and the notes say so.
 */

/** A figure the forecast reads and where it came from ("Deal #4 financial metrics: arr", "Model.xlsx P&L!D14"). */
export interface ForecastFigure {
  value: number;
  source: string;
}

export interface ForecastInputs {
  annual_revenue?: ForecastFigure | null;
  /** Year-on-year fraction (0.8 = 80 %). */
  revenue_growth?: ForecastFigure | null;
  /** Fraction (0.7 = 70 %). */
  gross_margin?: ForecastFigure | null;
  /** Net cash burnt per month (negative: cash generative). */
  monthly_burn?: ForecastFigure | null;
  cash?: ForecastFigure | null;
}

/** The facility the forecast draws, each term with where it came from. */
export interface ForecastFacility {
  amount: ForecastFigure;
  /** Annual fraction (0.12 = 12 % a year). */
  interest_rate: ForecastFigure;
  /** The projection month (1 = next month) in which the facility is drawn in full. */
  drawdown_month: ForecastFigure;
  interest_only_months: ForecastFigure;
  /** Months of equal principal repayments after the interest-only period. */
  amortisation_months: ForecastFigure;
}

export type ScenarioName = 'base' | 'upside' | 'downside';

export interface ScenarioCase {
  /** Added to the growth rate as a share of its size: upside grows a quarter faster, downside half as fast. */
  growth_adjustment: number;
  /** Operating costs as a multiple of the plan (the downside overruns). */
  cost_factor: number;
  description: string;
}

/** The three cases; their figures are assumptions, shown with every forecast. */
export const SCENARIO_CASES: Readonly<Record<ScenarioName, ScenarioCase>> = {
  base: {
    growth_adjustment: 0,
    cost_factor: 1,
    description: 'Revenue grows at the reported rate; costs follow the plan.',
  },
  upside: {
    growth_adjustment: 0.25,
    cost_factor: 1,
    description:
      'Revenue grows 25% faster than reported (a shrinking business shrinks 25% slower); costs follow the plan.',
  },
  downside: {
    growth_adjustment: -0.5,
    cost_factor: 1.1,
    description:
      'Revenue grows at half the reported rate (a shrinking business shrinks 50% faster); costs run 10% over plan.',
  },
};

/** Operating costs grow at this share of the base revenue growth (never shrink on their own). */
export const COST_GROWTH_SHARE = 0.5;

/** The longest projection the model makes (10 years). */
export const MAX_FORECAST_MONTHS = 120;

export interface ForecastMonth {
  month: number;
  revenue: number;
  burn: number;
  cash: number;
  /** Null when no facility is known to draw. */
  cash_with_facility: number | null;
  /** What the facility moved this month: + drawdown, − interest, − principal (0 without one). */
  facility_flow: number;
  /** Principal outstanding at the end of the month. */
  facility_balance: number;
}

export interface ForecastCase {
  months: ForecastMonth[];
  /** The first month cash is below zero; null when it stays at or above zero over the horizon. */
  cash_out_month: number | null;
  cash_out_month_with_facility: number | null;
  annual_growth: number;
}

export interface ForecastAssumption {
  name: string;
  value: number | string;
  source: string;
}

export type ScenarioForecast =
  | {
      status: 'complete';
      horizon_months: number;
      cases: Record<ScenarioName, ForecastCase>;
      assumptions: ForecastAssumption[];
      /** What the forecast lacks that would have refined it (gross margin, facility). */
      missing: string[];
      notes: string[];
    }
  | {
      status: 'insufficient_data';
      horizon_months: number;
      cases: null;
      assumptions: ForecastAssumption[];
      missing: string[];
      notes: string[];
    };

/** The inputs without which no projection is made. */
const REQUIRED: readonly (keyof ForecastInputs)[] = [
  'annual_revenue',
  'revenue_growth',
  'monthly_burn',
  'cash',
];

/** Growth of a case: the reported rate moved by its adjustment times the rate's own size, never below −100 %. */
export function caseGrowth(growth: number, scenario: ScenarioCase): number {
  return Math.max(-1, growth + Math.abs(growth) * scenario.growth_adjustment);
}

/** The facility's flows in month m: the drawdown, the interest on the balance drawn, equal principal repayments. */
export function facilityFlow(
  facility: ForecastFacility,
  month: number,
  openingBalance: number,
): { draw: number; interest: number; principal: number; closingBalance: number } {
  const amount = facility.amount.value;
  const drawdown = Math.max(1, Math.round(facility.drawdown_month.value));
  const interestOnly = Math.max(0, Math.round(facility.interest_only_months.value));
  const amortisation = Math.max(1, Math.round(facility.amortisation_months.value));
  if (month < drawdown) return { draw: 0, interest: 0, principal: 0, closingBalance: 0 };
  const draw = month === drawdown ? amount : 0;
  const balance = openingBalance + draw;
  const interest = (balance * facility.interest_rate.value) / 12;
  const repaying = month >= drawdown + interestOnly;
  const principal = repaying ? Math.min(balance, amount / amortisation) : 0;
  return { draw, interest, principal, closingBalance: balance - principal };
}

function projectCase(
  inputs: Required<Pick<ForecastInputs, 'annual_revenue' | 'revenue_growth' | 'monthly_burn' | 'cash'>> &
    Pick<ForecastInputs, 'gross_margin'>,
  scenario: ScenarioCase,
  facility: ForecastFacility | null,
  horizon: number,
): ForecastCase {
  const growth = inputs.revenue_growth!.value;
  const annualGrowth = caseGrowth(growth, scenario);
  const costGrowth = Math.max(0, growth) * COST_GROWTH_SHARE;
  const revenue0 = inputs.annual_revenue!.value / 12;
  const burn0 = inputs.monthly_burn!.value;
  const margin = inputs.gross_margin?.value;
  const months: ForecastMonth[] = [];
  let cash = inputs.cash!.value;
  let cashWithFacility = cash;
  let balance = 0;
  let cashOut: number | null = null;
  let cashOutWithFacility: number | null = null;
  for (let month = 1; month <= horizon; month++) {
    const years = month / 12;
    const revenue = revenue0 * (1 + annualGrowth) ** years;
    const costs = scenario.cost_factor * (1 + costGrowth) ** years;
    // Without a margin, costs move the burn by its own size: a cash-generative company's surplus
    // shrinks as costs grow, as a burning company's deficit widens.
    const burn = isKnown(margin)
      ? operatingCosts(burn0, margin, revenue0) * costs - margin * revenue
      : burn0 + Math.abs(burn0) * (costs - 1);
    cash -= burn;
    let flow = 0;
    if (facility) {
      const step = facilityFlow(facility, month, balance);
      balance = step.closingBalance;
      flow = step.draw - step.interest - step.principal;
      cashWithFacility = cashWithFacility - burn + flow;
    }
    if (cashOut === null && cash < 0) cashOut = month;
    if (facility && cashOutWithFacility === null && cashWithFacility < 0) cashOutWithFacility = month;
    months.push({
      month,
      revenue,
      burn,
      cash,
      cash_with_facility: facility ? cashWithFacility : null,
      facility_flow: flow,
      facility_balance: balance,
    });
  }
  return {
    months,
    cash_out_month: cashOut,
    cash_out_month_with_facility: cashOutWithFacility,
    annual_growth: annualGrowth,
  };
}

/**
 * Today's operating costs before cost of sales: burn + gross profit. Never below zero: a burn more
 * negative than the gross profit explains contradicts the margin, and costs cannot be negative.
 */
export function operatingCosts(burn: number, margin: number, monthlyRevenue: number): number {
  return Math.max(0, burn + margin * monthlyRevenue);
}

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** Projects the three cases over `horizonMonths`, or says which inputs are not in the data. */
export function forecastScenarios(
  inputs: ForecastInputs,
  facility: ForecastFacility | null,
  horizonMonths: number,
): ScenarioForecast {
  const horizon = Math.min(MAX_FORECAST_MONTHS, Math.max(1, Math.round(horizonMonths)));
  const assumptions: ForecastAssumption[] = [];
  const missing: string[] = [];
  const notes: string[] = [];
  for (const name of ['annual_revenue', 'revenue_growth', 'gross_margin', 'monthly_burn', 'cash'] as const) {
    const figure = inputs[name];
    if (figure && isKnown(figure.value))
      assumptions.push({ name, value: figure.value, source: figure.source });
    else missing.push(name);
  }
  const lacking = REQUIRED.filter((name) => missing.includes(name));
  if (lacking.length > 0) {
    notes.push(`Not in the data: ${lacking.join(', ')}. No projection is made without them.`);
    return { status: 'insufficient_data', horizon_months: horizon, cases: null, assumptions, missing, notes };
  }
  if (missing.includes('gross_margin')) {
    notes.push(
      'Gross margin is not in the data: burn is held at the current rate and does not fall as revenue grows.',
    );
  }
  const growth = inputs.revenue_growth!.value;
  const margin = inputs.gross_margin?.value;
  if (isKnown(margin) && inputs.monthly_burn!.value + (margin * inputs.annual_revenue!.value) / 12 < 0) {
    notes.push(
      'The burn is more negative than the gross profit explains: operating costs are taken as zero, so month 1 does not match the reported burn.',
    );
  }
  for (const [name, scenario] of Object.entries(SCENARIO_CASES) as [ScenarioName, ScenarioCase][]) {
    assumptions.push({
      name: `${name}_annual_growth`,
      value: caseGrowth(growth, scenario),
      source: `${scenario.description} Reported growth ${percent(growth)} adjusted by ${percent(scenario.growth_adjustment)} of its size.`,
    });
    if (scenario.cost_factor !== 1) {
      assumptions.push({
        name: `${name}_cost_factor`,
        value: scenario.cost_factor,
        source: scenario.description,
      });
    }
  }
  assumptions.push({
    name: 'cost_growth',
    value: Math.max(0, growth) * COST_GROWTH_SHARE,
    source: `Operating costs grow at ${percent(COST_GROWTH_SHARE)} of the reported revenue growth a year (model assumption).`,
  });
  if (facility) {
    for (const [name, figure] of Object.entries(facility) as [string, ForecastFigure][]) {
      assumptions.push({ name: `facility_${name}`, value: figure.value, source: figure.source });
    }
  } else {
    missing.push('facility');
    notes.push(
      'No facility is known (no term sheet and no suggested facility): cash with the facility is not projected.',
    );
  }
  const known = inputs as Required<ForecastInputs>;
  const cases = {
    base: projectCase(known, SCENARIO_CASES.base, facility, horizon),
    upside: projectCase(known, SCENARIO_CASES.upside, facility, horizon),
    downside: projectCase(known, SCENARIO_CASES.downside, facility, horizon),
  };
  return { status: 'complete', horizon_months: horizon, cases, assumptions, missing, notes };
}
