import { type ReactNode, useId } from 'react';
import type { ChartTable } from '../../lib/chart-figures.ts';

export interface ChartCardProps {
  title: string;
  description: string;
  /** Read out in place of the picture: the chart's figures in a sentence or two. */
  summary: string;
  /** The figures behind the chart, as a table for screen readers. */
  table: ChartTable;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText: string | null;
  children: ReactNode;
}

/**
 * A chart with its title, a spoken summary (the drawing is one image to assistive technology) and a
 * visually hidden table of every figure it draws.
 */
export function ChartCard({ title, description, summary, table, emptyText, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className="relative m-0 flex flex-col rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-xs"
    >
      <figcaption className="mb-3">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <p className="text-sm text-slate-500">{description}</p>
      </figcaption>
      {emptyText !== null ? (
        <p className="flex h-60 items-center justify-center rounded-lg bg-slate-50 text-center text-sm text-slate-500">
          {emptyText}
        </p>
      ) : (
        <>
          <div role="img" aria-label={summary} className="h-60 w-full">
            {children}
          </div>
          {/* A table cannot be shrunk to the 1 px of sr-only: its clipped wrapper can. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key={table.columns[index]} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={table.columns[index]}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
