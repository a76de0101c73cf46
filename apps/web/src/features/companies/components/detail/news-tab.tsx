import type { TSourceArticle } from '@atempo/contracts';
import { ExternalLink, Newspaper } from 'lucide-react';
import { formatDate } from '../../../../lib/format.ts';
import { humanize } from '../../../../lib/humanize.ts';
import { withUniqueKeys } from '../../lib/unique-keys.ts';
import { EmptyTab } from './facts.tsx';

/** Newest first; articles without a date go last. */
function byDateDescending(a: TSourceArticle, b: TSourceArticle): number {
  const time = (article: TSourceArticle) => {
    const parsed = article.published_date ? Date.parse(article.published_date) : Number.NaN;
    return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
  };
  return time(b) - time(a);
}

export function NewsTab({ articles }: { articles: TSourceArticle[] }) {
  if (articles.length === 0) {
    return (
      <EmptyTab
        icon={Newspaper}
        title="No recent news"
        text="Articles found about this company by research and discovery appear here."
      />
    );
  }
  return (
    <ul aria-label="Recent news" className="divide-y divide-slate-100">
      {withUniqueKeys(
        [...articles].sort(byDateDescending),
        (article) => `${article.url ?? ''}|${article.title}`,
      ).map(({ key, item: article }) => (
        <li key={key} className="py-4 first:pt-0 last:pb-0">
          {article.url ? (
            <a
              href={article.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-start gap-1.5 font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
            >
              {article.title}
              <ExternalLink aria-hidden="true" className="mt-1 size-3.5 shrink-0" />
            </a>
          ) : (
            <p className="font-medium text-slate-900">{article.title}</p>
          )}
          <p className="mt-0.5 text-xs text-slate-500">
            {[
              article.source,
              article.published_date ? formatDate(article.published_date) : null,
              article.type ? humanize(article.type) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {article.snippet && <p className="mt-1.5 text-sm text-slate-600">{article.snippet}</p>}
        </li>
      ))}
    </ul>
  );
}
