/** Words asking to set two things side by side (companies, or funding stages). */
export const COMPARE_WORDS = [
  'compare',
  'comparison',
  'vs',
  'versus',
  'against',
  'between',
  'compared',
  'relative to',
];
