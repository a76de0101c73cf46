import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../components/ui/cn.ts';
import { textLinkClasses } from '../../../components/ui/text-link.tsx';
import { linkCitations, noteNumberOf } from '../lib/memo-markdown.ts';

function markdownComponents(onCitation: (n: number) => void): Components {
  return {
    h1: ({ children }) => <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{children}</h4>,
    h2: ({ children }) => <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{children}</h4>,
    h3: ({ children }) => <h4 className="mt-3 mb-1 text-sm font-semibold text-slate-900">{children}</h4>,
    h4: ({ children }) => <h5 className="mt-3 mb-1 text-sm font-semibold text-slate-800">{children}</h5>,
    p: ({ children }) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0">{children}</p>,
    ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
    strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
    code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-xs">{children}</code>,
    blockquote: ({ children }) => (
      <blockquote className="my-2 border-l-2 border-slate-200 pl-3 text-slate-600">{children}</blockquote>
    ),
    a: ({ children, href }) => {
      const n = noteNumberOf(href);
      if (n !== null) {
        return (
          <button
            type="button"
            onClick={() => onCitation(n)}
            aria-label={`Note ${n}`}
            className={cn(textLinkClasses, 'align-super text-[0.7rem] leading-none')}
          >
            [{n}]
          </button>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={textLinkClasses}>
          {children}
        </a>
      );
    },
    table: ({ children }) => (
      <div className="my-3 overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="min-w-full text-left text-sm tabular-nums">{children}</table>
      </div>
    ),
    th: ({ children, style }) => (
      <th
        style={style}
        className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 font-semibold text-slate-700"
      >
        {children}
      </th>
    ),
    td: ({ children, style }) => (
      <td style={style} className="border-b border-slate-100 px-3 py-1.5">
        {children}
      </td>
    ),
  };
}

/**
 * Memo text as elements, never as HTML: `[^n]` citation markers become buttons that lead to the
 * note (`onCitation`), the notes themselves are listed apart (MemoNotes).
 */
export function MemoMarkdown({
  markdown,
  onCitation,
}: {
  markdown: string;
  onCitation: (n: number) => void;
}) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={markdownComponents(onCitation)} skipHtml>
      {linkCitations(markdown)}
    </Markdown>
  );
}
