import { type SQL, sql } from 'drizzle-orm';

/**
 * The rescore's side of the activity log: an INSERT … SELECT that runs as a CTE of the page's own
 * UPDATE statement (deals/deal-rescore.repository.ts writeDealScores), so a page of 500 deals logs its score
 * changes in the same statement and transaction as the scores, never row by row.
 *
 * It reads two CTEs the statement defines: `before` (id, thematic_score, red_flag_level, red_flags
 * as stored before the update; CTEs of one statement share its snapshot) and `written` (the same
 * columns from the UPDATE's RETURNING, i.e. only rows whose scores changed). A deal is logged only
 * when its thematic score or red-flag level changed or it gained a red flag; a re-score that only
 * moved a breakdown or cleared a flag is not news. Each state keeps the flag identifiers, so the
 * daily brief can tell which flags are new. The sentence is the one scoreChanged() writes for a
 * single deal (deal-activity-sentences.ts), as are the identifiers (redFlagIds()).
 */
export function dealScoreChangeInsert(organizationId: string): SQL {
  const score = (column: string) => sql.raw(`coalesce(round(${column}::numeric, 1)::text, 'unscored')`);
  const level = (column: string) => sql.raw(`coalesce(replace(${column}, '_', ' '), 'none')`);
  // The flag_type of each flag in the stored list, in its order; [] when the deal is unscored.
  const flagIds = (alias: string) =>
    sql.raw(
      `(select coalesce(jsonb_agg(f.flag ->> 'flag_type' order by f.n), '[]'::jsonb)
        from jsonb_array_elements(case when jsonb_typeof(${alias}.red_flags) = 'array' then ${alias}.red_flags else '[]'::jsonb end)
          with ordinality as f(flag, n)
        where jsonb_typeof(f.flag -> 'flag_type') = 'string')`,
    );
  const state = (alias: string, flags: string) =>
    sql.raw(
      `jsonb_build_object('thematic_score', ${alias}.thematic_score, 'red_flag_level', ${alias}.red_flag_level, 'red_flags', ${flags})`,
    );
  return sql`
    insert into deal_activity (organization_id, deal_id, kind, summary, details, occurred_at)
    select ${organizationId}::uuid, w.id, 'score_changed',
           upper(left(m.sentence, 1)) || substr(m.sentence, 2),
           jsonb_build_object('from', ${state('b', 'f.before_ids')}, 'to', ${state('w', 'f.after_ids')}),
           date_trunc('milliseconds', clock_timestamp())
    from written w
    join before b on b.id = w.id
    cross join lateral (select ${flagIds('b')} as before_ids, ${flagIds('w')} as after_ids) f
    cross join lateral (
      select count(*) as total, string_agg(replace(x.id, '_', ' '), ', ' order by x.n) as labels
      from jsonb_array_elements_text(f.after_ids) with ordinality as x(id, n)
      where not f.before_ids @> jsonb_build_array(x.id)
    ) added
    cross join lateral (
      select concat_ws('; ',
        case when b.thematic_score is distinct from w.thematic_score
          then 'thematic score changed from ' || ${score('b.thematic_score')} || ' to ' || ${score('w.thematic_score')} end,
        case when b.red_flag_level is distinct from w.red_flag_level
          then 'red-flag level changed from ' || ${level('b.red_flag_level')} || ' to ' || ${level('w.red_flag_level')} end,
        case when added.total > 0
          then 'new red flag' || case when added.total > 1 then 's' else '' end || ': ' || added.labels end
      ) as sentence
    ) m
    where (b.thematic_score, b.red_flag_level) is distinct from (w.thematic_score, w.red_flag_level)
       or added.total > 0`;
}
