import { COMPANY_LIST_PREVIEW, type TSourceArticle } from '@atempo/contracts';
import { ExternalLink } from 'lucide-react';
import { formatDate } from '../../../lib/format.ts';
import { withUniqueKeys } from '../lib/unique-keys.ts';

/**
 * The first investors (the list answers COMPANY_LIST_PREVIEW of them) and how many more there are.
 * `total` is the company's full count.
 */
export function InvestorPreview({ investors, total }: { investors: string[]; total: number }) {
  if (total === 0) return <p className="text-sm text-slate-400">No investors recorded.</p>;
  const shown = investors.slice(0, COMPANY_LIST_PREVIEW);
  const more = total - shown.length;
  return (
    <ul aria-label="Investors" className="flex flex-wrap gap-1.5">
      {shown.map((investor) => (
        <li
          key={investor}
          className="rounded-md bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
        >
          {investor}
        </li>
      ))}
      {more > 0 && <li className="px-1 py-0.5 text-xs text-slate-500">+{more} more</li>}
    </ul>
  );
}

export function ArticlePreview({ articles, total }: { articles: TSourceArticle[]; total: number }) {
  if (total === 0) return <p className="text-sm text-slate-400">No source articles.</p>;
  const shown = articles.slice(0, COMPANY_LIST_PREVIEW);
  const more = total - shown.length;
  return (
    <div>
      <ul aria-label="Source articles" className="space-y-1.5">
        {withUniqueKeys(shown, (article) => `${article.url ?? ''}|${article.title}`).map(
          ({ key, item: article }) => (
            <li key={key} className="text-sm">
              {article.url ? (
                <a
                  href={article.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
                >
                  {article.title}
                  <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                </a>
              ) : (
                <span className="font-medium text-slate-800">{article.title}</span>
              )}
              <ArticleMeta article={article} />
            </li>
          ),
        )}
      </ul>
      {more > 0 && <p className="mt-1 text-xs text-slate-500">+{more} more on the company page</p>}
    </div>
  );
}

/** 'TechCrunch · 3 Mar 2025'. */
export function ArticleMeta({ article }: { article: TSourceArticle }) {
  const parts = [article.source, article.published_date ? formatDate(article.published_date) : null].filter(
    Boolean,
  );
  if (parts.length === 0) return null;
  return <span className="ml-2 text-xs text-slate-500">{parts.join(' · ')}</span>;
}
