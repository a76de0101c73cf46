const PERIOD_WORDS =
  /\b(?:fy|cy|q[1-4]|[1-4]q|h[12]|[12]h)\s?'?\d{2,4}[aefbp]?\b|\b(?:fy|cy|q[1-4]|[1-4]q|h[12]|fiscal|years?|ended|ending|months?|weeks?|three|six|nine|twelve|as|of|at|for|the|budget|forecast|actuals?|plan|estimated?|audited|unaudited|restated|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b|\b\d{2,4}[aefbp]\b/gi;

/** A cell that is only a period ("FY2024", "Q3 2025", "Dec. 31, 2022"), not a sentence that mentions one. */
export function isPeriodCell(text: string): boolean {
  return text.length <= 40 && !/\p{L}/u.test(text.replace(PERIOD_WORDS, ''));
}
