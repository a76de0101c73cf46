/**
 * Amount parsing of spec 02 §5: the New Deal form parses an integer, the inline edit a float,
 * both 0 when nothing parses. Spaces, thousands commas, underscores and a euro sign are dropped
 * first, so '12,000,000' means twelve million rather than 12.
 */

function clean(text: string): string {
  return text.replace(/[\s,_€]/g, '');
}

export function parseWholeAmount(text: string): number {
  const value = Number.parseInt(clean(text), 10);
  return Number.isFinite(value) ? value : 0;
}

export function parseDecimalAmount(text: string): number {
  const value = Number.parseFloat(clean(text));
  return Number.isFinite(value) ? value : 0;
}
