import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';

/** A column written by writeChangedColumns: its SQL name and type (as jsonb_to_recordset must be told). */
export type ChangedColumn = readonly [name: string, type: 'real' | 'text' | 'jsonb'];

/**
 * Writes a page of computed values in one statement: the page travels as one jsonb array, unpacked
 * by jsonb_to_recordset, and only rows whose values differ from what is stored are written (the
 * others keep their tuple, their time stamp and cost no WAL). Answers how many rows changed.
 * Every name in the statement comes from the caller's constant column maps, never from input.
 * `log` is an INSERT … SELECT run as a CTE of the same statement; it reads `before` (the logged
 * columns as stored) and `written` (the same columns of the rows the UPDATE changed).
 */
export async function writeChangedColumns(
  db: Database,
  target: { table: string; organizationId: string; stampColumn: string; now: Date },
  columns: Record<string, ChangedColumn>,
  rows: { id: string; scores: Record<string, unknown> }[],
  log?: { columns: string[]; insert: SQL },
): Promise<number> {
  if (rows.length === 0) return 0;
  const entries = Object.entries(columns);
  const records = rows.map(({ id, scores }) => {
    const record: Record<string, unknown> = { id };
    for (const [key, [name]] of entries) record[name] = scores[key] ?? null;
    return record;
  });
  const names = entries.map(([, [name]]) => name);
  const recordType = sql.raw(['id uuid', ...entries.map(([, [name, type]]) => `${name} ${type}`)].join(', '));
  const assignments = sql.raw(names.map((name) => `${name} = v.${name}`).join(', '));
  const stored = sql.raw(names.map((name) => `t.${name}`).join(', '));
  const computed = sql.raw(names.map((name) => `v.${name}`).join(', '));
  const table = sql.raw(target.table);
  const logged = sql.raw(['id', ...(log?.columns ?? [])].map((name) => `t.${name}`).join(', '));
  const update = sql`
    update ${table} as t
    set ${assignments}, ${sql.raw(target.stampColumn)} = ${target.now.toISOString()}::timestamptz
    from v
    where t.id = v.id
      and t.organization_id = ${target.organizationId}
      and (${stored}) is distinct from (${computed})
    returning ${logged}`;
  const values = sql`v as (select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(${recordType}))`;
  const statement: SQL = log
    ? sql`
      with ${values},
      before as (
        select ${logged} from ${table} as t join v on v.id = t.id
        where t.organization_id = ${target.organizationId}
      ),
      written as (${update}),
      logged as (${log.insert})
      select id from written`
    : sql`with ${values} ${update}`;
  const result = (await db.execute(statement)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
