import { describe, expect, it } from 'vitest';
import { humanize } from './humanize.ts';

describe('humanize', () => {
  it.each([
    ['high_burn_rate', 'High burn rate'],
    ['series_a', 'Series a'],
    ['data_quality', 'Data quality'],
    ['press-release', 'Press release'],
    ['due__diligence', 'Due diligence'],
    ['_leading_and_trailing_', 'Leading and trailing'],
    ['executive_summary', 'Executive summary'],
    ['discovery', 'Discovery'],
    ['Already Labelled', 'Already Labelled'],
    ['ARR', 'ARR'],
    ['', ''],
    ['__', '__'],
  ])('%j → %j', (word, label) => {
    expect(humanize(word)).toBe(label);
  });
});
