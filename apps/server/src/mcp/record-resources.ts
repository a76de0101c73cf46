import type { Database } from '@atempo/db';
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import * as companies from '../modules/companies/index.ts';
import * as deals from '../modules/deals/index.ts';
import { AppError } from '../platform/errors.ts';

/** MCP's code for a resource that does not exist (spec: server/resources, error handling). */
const RESOURCE_NOT_FOUND = -32002;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEAL_URI_TEMPLATE = 'atempo://deals/{id}';
export const COMPANY_URI_TEMPLATE = 'atempo://companies/{id}';

/**
 * Reads one record of the organisation as JSON. An id that is malformed, unknown or another
 * organisation's is the same "not found", as on the REST API.
 */
async function readRecord(
  uri: URL,
  id: unknown,
  load: (id: string) => Promise<unknown>,
): Promise<ReadResourceResult> {
  if (typeof id !== 'string' || !UUID.test(id))
    throw new McpError(RESOURCE_NOT_FOUND, 'Resource not found', { uri: uri.href });
  try {
    const record = await load(id);
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(record) }] };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw new McpError(RESOURCE_NOT_FOUND, 'Resource not found', { uri: uri.href });
    }
    throw error;
  }
}

/**
 * A deal and a company by id, as their own REST routes answer them (GET /deals/{id}; GET
 * /companies/{id} with its watchlist entry and deals). Not listed: an organisation may hold ten
 * thousand deals; the tools find ids, the templates read them.
 */
export function registerRecordResources(server: McpServer, db: Database, organizationId: string): void {
  server.registerResource(
    'deal',
    new ResourceTemplate(DEAL_URI_TEMPLATE, { list: undefined }),
    {
      title: 'Deal',
      description: 'One deal of the pipeline: stage, amount, scores, red flags, financial metrics.',
      mimeType: 'application/json',
    },
    (uri, { id }) => readRecord(uri, id, (dealId) => deals.getDeal(db, organizationId, dealId)),
  );
  server.registerResource(
    'company',
    new ResourceTemplate(COMPANY_URI_TEMPLATE, { list: undefined }),
    {
      title: 'Company',
      description: 'One company with its profile, scores, watchlist entry and deals in brief.',
      mimeType: 'application/json',
    },
    (uri, { id }) =>
      readRecord(uri, id, async (companyId) => {
        const company = await companies.getCompany(db, organizationId, companyId);
        return {
          ...companies.toCompanyWithWatch(company),
          deals: await deals.listDealsOfCompany(db, organizationId, companyId),
        };
      }),
  );
}
