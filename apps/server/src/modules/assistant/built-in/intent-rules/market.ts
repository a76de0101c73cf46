import { hasAny } from '../question.ts';
import { findSector, placeName } from '../question-terms/find-place.ts';
import type { IntentRule } from './rule.ts';

const MARKET_WORDS = [
  'trend',
  'trends',
  'market',
  'markets',
  'signals',
  'signal',
  'news',
  'funding announcements',
  'announcements',
  'market intelligence',
  'happening in',
  'raised recently',
  'latest rounds',
];
/** Words asking for the news about one named company. */
const COMPANY_NEWS_WORDS = ['funding news on', 'funding news about', 'news on', 'news about', 'news for'];

/** Market news and signals: of a sector, a place, or one company. */
export const marketRule: IntentRule = ({ question, input, subject, unknownNames, window, sure }) => {
  // "Any funding news on Acme?": news about one company, tracked or only named in the news.
  const aboutCompany = hasAny(question, COMPANY_NEWS_WORDS);
  const newsSubject = aboutCompany && subject && input.mentions.length > 0 ? subject.name : null;
  if (!hasAny(question, MARKET_WORDS) || (subject && !newsSubject)) return null;
  const sector = findSector(question);
  const company = newsSubject ?? (aboutCompany ? (unknownNames[0] ?? null) : null);
  const place = company ? null : placeName(question);
  return sure(
    { kind: 'market', sector, company, place, days: window?.days ?? 90 },
    sector || company || place ? 0.85 : 0.75,
  );
};
