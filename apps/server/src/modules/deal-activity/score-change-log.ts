import { type SQL, sql } from 'drizzle-orm';

/**
 * The rescore's side of the activity log: an INSERT … SELECT that runs as a CTE of the page's own
 * UPDATE statement (scoring.repository writeDealScores), so a page of 500 deals logs its score
 * changes in the same statement and transaction as the scores, never row by row.
 *
 * It reads two CTEs the statement defines: `before` (id, thematic_score, red_flag_level as stored
 * before the update; CTEs of one statement share its snapshot) and `written` (the same columns
 * from the UPDATE's RETURNING, i.e. only rows whose scores changed). A deal is logged only when its
 * thematic score or red-flag level changed; a re-score that only moved a breakdown is not news.
 * The sentence is the one scoreChanged() writes for a single deal (deal-activity-sentences.ts).
 */
export function dealScoreChangeInsert(organizationId: string): SQL {
  const score = (column: string) => sql.raw(`coalesce(round(${column}::numeric, 1)::text, 'unscored')`);
  const level = (column: string) => sql.raw(`coalesce(replace(${column}, '_', ' '), 'none')`);
  const state = (alias: string) =>
    sql.raw(
      `jsonb_build_object('thematic_score', ${alias}.thematic_score, 'red_flag_level', ${alias}.red_flag_level)`,
    );
  return sql`
    insert into deal_activity (organization_id, deal_id, kind, summary, details, occurred_at)
    select ${organizationId}::uuid, w.id, 'score_changed',
           upper(left(m.sentence, 1)) || substr(m.sentence, 2),
           jsonb_build_object('from', ${state('b')}, 'to', ${state('w')}),
           date_trunc('milliseconds', clock_timestamp())
    from written w
    join before b on b.id = w.id
    cross join lateral (
      select concat_ws('; ',
        case when b.thematic_score is distinct from w.thematic_score
          then 'thematic score changed from ' || ${score('b.thematic_score')} || ' to ' || ${score('w.thematic_score')} end,
        case when b.red_flag_level is distinct from w.red_flag_level
          then 'red-flag level changed from ' || ${level('b.red_flag_level')} || ' to ' || ${level('w.red_flag_level')} end
      ) as sentence
    ) m
    where (b.thematic_score, b.red_flag_level) is distinct from (w.thematic_score, w.red_flag_level)`;
}
