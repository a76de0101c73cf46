import type {
  TCompanyInteraction,
  TCompanyInteractionsQuery,
  TCompanyInteractionsResponse,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import { isoOf } from '../../platform/sql-rows.ts';
import { companyNamesByIds } from '../companies/index.ts';
import { dealIdsOfCompany } from '../deals/index.ts';
import { newestDocumentsOfCompany } from '../documents/index.ts';
import { userNamesByIds } from '../users/index.ts';
import { newestInteractionsOfCompany } from './interactions.repository.ts';

type Item = Omit<TCompanyInteraction, 'created_by' | 'occurred_at'> & {
  occurred_at: string | Date;
  occurred_us: string;
  author: string | null;
};

/** Newest first, ties by id: the order the list had as one SQL union. */
const newestFirst = (x: Item, y: Item) => {
  const [a, b] = [BigInt(x.occurred_us), BigInt(y.occurred_us)];
  if (a !== b) return a > b ? -1 : 1;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
};

/**
 * A company's documents (its own and its deals'), emails and notes, newest first: the newest
 * `limit` of each kind are read through their owners and merged, so a page costs one query per
 * kind whatever the company's history.
 */
export async function companyInteractions(
  db: Database,
  organizationId: string,
  companyId: string,
  query: TCompanyInteractionsQuery,
): Promise<TCompanyInteractionsResponse> {
  const [company] = await companyNamesByIds(db, organizationId, [companyId]);
  if (!company) throw notFound('Company not found');
  const type = query.interaction_type;
  const wantDocuments = !type || type === 'document';
  const kinds = (['email', 'note'] as const).filter((k) => !type || type === k);
  const [documents, interactions] = await Promise.all([
    wantDocuments
      ? dealIdsOfCompany(db, organizationId, companyId).then((dealIds) =>
          newestDocumentsOfCompany(db, organizationId, companyId, dealIds, query.limit),
        )
      : { items: [], total: 0 },
    kinds.length > 0
      ? newestInteractionsOfCompany(db, organizationId, companyId, kinds, query.limit)
      : { items: [], total: 0 },
  ]);
  const items: Item[] = [
    ...documents.items.map((d) => ({ ...d, interaction_type: 'document' as const, sender: null })),
    ...interactions.items.map((i) => ({ ...i, deal_id: null, document_type: null, url: null })),
  ]
    .sort(newestFirst)
    .slice(0, query.limit);
  const authors = await userNamesByIds(
    db,
    items.flatMap((item) => (item.author ? [item.author] : [])),
  );
  return {
    company_id: companyId,
    company_name: company.name,
    interactions: items.map(({ occurred_us: _us, author, ...item }) => {
      const name = author ? authors.get(author) : undefined;
      return {
        id: item.id,
        interaction_type: item.interaction_type,
        title: item.title || '(no subject)',
        preview: item.preview.replace(/\s+/g, ' ').trim(),
        occurred_at: isoOf(item.occurred_at),
        sender: item.sender,
        // nullif(concat_ws(' ', first_name, last_name), '') as the list's SQL wrote it
        created_by: name ? `${name.firstName} ${name.lastName}` || null : null,
        deal_id: item.deal_id,
        document_type: item.document_type,
        url: item.url,
      };
    }),
    total: documents.total + interactions.total,
  };
}
