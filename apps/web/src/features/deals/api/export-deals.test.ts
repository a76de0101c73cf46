import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { fetchDealsExport } from './export-deals.ts';

describe('fetchDealsExport', () => {
  it('downloads the CSV with the bearer token and the suggested file name', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /deals/export': () =>
        new Response('deal_number,company\n1,Lumen Robotics\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="deals-northbridge.csv"',
          },
        }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const file = await fetchDealsExport();
    expect(file.filename).toBe('deals-northbridge.csv');
    expect(await file.blob.text()).toBe('deal_number,company\n1,Lumen Robotics\n');
    expect(server.callsTo('GET', '/deals/export')[0]?.headers.Authorization).toBe('Bearer access-token-1');
  });

  it('names the file by date without a header, and surfaces the server detail on failure', async () => {
    storeSession();
    let fail = false;
    const server = createFakeApi({
      'GET /deals/export': () =>
        fail
          ? jsonResponse(503, { detail: 'Export is busy', code: 'BUSY' })
          : new Response('deal_number\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    vi.stubGlobal('fetch', server.fetch);
    expect((await fetchDealsExport(new Date('2025-06-15T10:00:00Z'))).filename).toBe('deals-2025-06-15.csv');
    fail = true;
    await expect(fetchDealsExport()).rejects.toMatchObject({ status: 503, detail: 'Export is busy' });
  });
});
