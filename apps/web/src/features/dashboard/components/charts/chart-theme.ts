/** Colours and axis styling shared by the dashboard charts (Tailwind's palette, AA on white). */
export const CHART_COLORS = {
  primary: '#4f46e5', // indigo-600
  positive: '#059669', // emerald-600
  muted: '#94a3b8', // slate-400
  line: '#d97706', // amber-600
  grid: '#e2e8f0', // slate-200
  axis: '#475569', // slate-600
} as const;

export const AXIS_TICK = { fill: CHART_COLORS.axis, fontSize: 12 } as const;

export const TOOLTIP_STYLE = {
  contentStyle: { borderRadius: 8, borderColor: CHART_COLORS.grid, fontSize: 13 },
  labelStyle: { color: '#0f172a', fontWeight: 600 },
} as const;
