/** The limits the red-flag rules test against (thesis-driven limits come from the thesis). */
export const RED_FLAG_THRESHOLDS = {
  /** Runway (months) below which a flag is critical: too short to draw and repay a facility. */
  runway_critical_months: 6,
  /** Runway (months) below which a flag is high: new equity needed within the facility's life. */
  runway_high_months: 12,
  /** Burn multiple above which growth is expensive (medium) and very expensive (high). */
  burn_multiple_medium: 2,
  burn_multiple_high: 3,
  /** Net revenue retention below which existing customers are shrinking (medium). */
  net_revenue_retention_min: 0.9,
  /** Days without an interaction before the relationship is stale (medium) and cold (high). */
  stale_relationship_days: 90,
  cold_relationship_days: 180,
  /** Missing key data items (of revenue/ARR, cash, burn) from which the flag is high. */
  missing_key_data_high: 2,
} as const;

/** Points each severity adds to the 0–10 red-flag score. */
export const SEVERITY_POINTS = { critical: 4, high: 2.5, medium: 1.2, low: 0.5 } as const;

/** Minimum red-flag scores of each level (any critical flag also means reject). */
export const RED_FLAG_LEVEL_THRESHOLDS = { reject: 8, high_risk: 5, moderate_risk: 2.5 } as const;
