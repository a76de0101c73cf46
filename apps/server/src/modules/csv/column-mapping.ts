/**
 * Source column headers → our fields, forgiving of case, spaces, punctuation and the names
 * Affinity and spreadsheet exports use; and cell text → the values our contracts expect.
 */

import { parseCell } from './cell-parsers.ts';
import { FIELDS_OF, type FieldSpec, type ImportKind } from './field-aliases.ts';

export { parseCell, parseFraction, parseNumber } from './cell-parsers.ts';
export {
  COMPANY_FIELDS,
  DEAL_FIELDS,
  FIELDS_OF,
  type FieldSpec,
  type ImportKind,
  REQUIRED_FIELD,
} from './field-aliases.ts';

export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ColumnMapping {
  /** Index of the column → its field, for recognised columns. */
  byIndex: Map<number, FieldSpec>;
  columns: Record<string, string>;
  ignored: string[];
}

/** Maps each header to a field; a field's first column wins, later ones are ignored. */
export function mapColumns(headers: string[], kind: ImportKind): ColumnMapping {
  const lookup = new Map<string, FieldSpec>();
  for (const spec of FIELDS_OF[kind]) {
    for (const alias of spec.aliases) {
      const key = normalizeHeader(alias);
      if (!lookup.has(key)) lookup.set(key, spec);
    }
  }
  const byIndex = new Map<number, FieldSpec>();
  const used = new Set<string>();
  const columns: Record<string, string> = {};
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    const spec = lookup.get(normalizeHeader(header));
    if (!spec || used.has(spec.field)) {
      if (header.trim() !== '') ignored.push(header);
      return;
    }
    used.add(spec.field);
    byIndex.set(index, spec);
    columns[header] = spec.field;
  });
  return { byIndex, columns, ignored };
}

/** One record's cells → a request-shaped object (empty cells left out). */
export function rowToInput(cells: string[], mapping: ColumnMapping): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [index, spec] of mapping.byIndex) {
    const raw = cells[index];
    if (raw === undefined || raw.trim() === '') continue;
    const value = parseCell(raw, spec.kind);
    const [head, tail] = spec.field.split('.') as [string, string | undefined];
    if (tail) {
      const nested = (data[head] ?? {}) as Record<string, unknown>;
      nested[tail] = value;
      data[head] = nested;
    } else data[head] = value;
  }
  return data;
}
