import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { textLinkClasses } from '../../../components/ui/text-link.tsx';

const heading = ({ children }: { children?: ReactNode }) => (
  <p className="font-semibold text-slate-900">{children}</p>
);

/**
 * How an answer's Markdown looks inside the card. Headings become bold lines (the card sits under
 * the page's own headings); tables scroll sideways in narrow panels; links leave the app in a new tab.
 */
const components: Components = {
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  p: ({ children }) => <p className="my-1.5 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1.5 list-disc space-y-0.5 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1.5 list-decimal space-y-0.5 pl-5">{children}</ol>,
  strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-xs">{children}</code>,
  a: ({ children, href }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={textLinkClasses}>
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto">
      <table className="min-w-full text-left text-xs tabular-nums">{children}</table>
    </div>
  ),
  th: ({ children, style }) => (
    <th style={style} className="border-b border-slate-200 px-2 py-1 font-semibold text-slate-600">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border-b border-slate-100 px-2 py-1">
      {children}
    </td>
  ),
};

/**
 * The answer text. Both engines write Markdown (bold names, lists, tables); it is rendered as
 * elements, never as HTML, so nothing in an answer can run or restyle the page.
 */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="break-words">
      <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
