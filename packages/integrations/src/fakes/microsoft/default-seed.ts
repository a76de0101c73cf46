import { makeDocx, makePdf, makeXlsx } from '@atempo/documents/testing';
import type { FakeFolderSeed, FakeNodeSeed, FakeTenantSeed, FakeUserSeed } from './seed-types.ts';
import { PERSONAL_TENANT_ID } from './seed-types.ts';

/** Fixed ids of the default seed, for tests and the dev settings. */
export const CONTOSO = {
  tenantId: 'b5c1c7a2-3f4e-4d8a-9c61-2e7f0a9d4b13',
  alexOid: 'a1e7c3d5-6b2f-4e8a-b9c0-1d2e3f4a5b6c',
  priyaOid: 'c3d4e5f6-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  /** Personal accounts' oids in Entra look like this: zeros, then the account's CID. */
  jordanOid: '00000000-0000-0000-d464-8f06c91d9d3d',
  companies: ['Nordlicht Robotics', 'Brightwave Energy', 'Lumen Health', 'Kestrel Payments'],
} as const;

const FIVE_GB = 5 * 1024 ** 3;
const MODIFIED = '2026-10-14T09:30:00Z';

/** A file name 400 characters long (SharePoint's path limit), to test encoding and storage. */
export const LONG_FILE_NAME = `${'Kestrel Payments - Diligence Questionnaire Response '.repeat(8).slice(0, 396)}.pdf`;
/** A name with a bell and a tab: SharePoint refuses them, but synced and migrated files have them. */
export const CONTROL_CHAR_FILE_NAME = 'Lumen Health\u0007 Board\tMinutes.docx';

async function pdf(title: string, lines: string[]): Promise<Uint8Array> {
  return makePdf([[title, '', ...lines].join('\n')], { title });
}

/** One deal folder's files: figures an analyst would look for (ARR, revenue, burn). */
async function dealFolder(company: string, index: number): Promise<FakeFolderSeed> {
  const arr = 8 + index * 3.5;
  const revenue = [4.2, 6.1, 9.8].map((value) => (value * (1 + index / 4)).toFixed(1));
  const burn = (0.6 + index * 0.25).toFixed(2);
  const children: FakeNodeSeed[] = [
    {
      name: `${company} - Investor Presentation.pdf`,
      bytes: await pdf(`${company} - Investor Presentation`, [
        `${company} is raising a growth round with a venture debt tranche.`,
        `ARR: EUR ${arr.toFixed(1)}m, growing 85% year on year`,
        `Net revenue retention: ${118 + index}%`,
        `Monthly net burn: EUR ${burn}m; cash runway 21 months`,
        'Revenue (EUR m)\tFY2024\tFY2025\tFY2026',
        `Revenue\t${revenue[0]}\t${revenue[1]}\t${revenue[2]}`,
      ]),
      lastModified: MODIFIED,
    },
    {
      name: `${company} Financial Model.xlsx`,
      bytes: makeXlsx([
        {
          name: 'P&L',
          rows: [
            ['EUR thousands', 'FY2024', 'FY2025', 'FY2026'],
            ['Revenue', Number(revenue[0]) * 1000, Number(revenue[1]) * 1000, Number(revenue[2]) * 1000],
            ['Gross margin', 0.68, 0.71, 0.74],
            ['EBITDA', -3100 + index * 400, -2200 + index * 350, -900 + index * 300],
            ['Net burn', -Number(burn) * 12000, -Number(burn) * 10000, -Number(burn) * 7000],
          ],
        },
      ]),
      lastModified: MODIFIED,
    },
    {
      name: `${company} Term Sheet.docx`,
      bytes: await makeDocx(
        [
          { heading: `${company} — Indicative Term Sheet` },
          'Facility: EUR 10m senior secured venture debt, drawn in two tranches.',
          `Covenant: minimum cash of EUR ${(Number(burn) * 6).toFixed(1)}m (six months of burn).`,
          {
            table: [
              ['Term', 'Value'],
              ['Interest', '11.5%'],
              ['Warrants', '8% coverage'],
              ['Tenor', '42 months'],
            ],
          },
        ],
        { title: `${company} Term Sheet` },
      ),
      lastModified: MODIFIED,
    },
  ];
  return { name: company, children };
}

async function dealsLibrary(): Promise<FakeNodeSeed[]> {
  const [nordlicht, brightwave, lumen, kestrel] = await Promise.all(CONTOSO.companies.map(dealFolder));
  nordlicht!.children.push({
    name: 'Due Diligence',
    children: [
      {
        name: 'Management Accounts Q3 2026.pdf',
        bytes: await pdf('Nordlicht Robotics - Management Accounts Q3 2026', [
          'Revenue Q3: EUR 3.4m (Q2: EUR 2.9m)',
          'ARR at 30 September: EUR 13.1m',
          'Cash at bank: EUR 14.8m; monthly burn EUR 0.58m',
        ]),
      },
      {
        name: 'Customer References.docx',
        bytes: await makeDocx([
          'Three reference calls held; churn risk low.',
          'Largest customer: 9% of ARR.',
        ]),
      },
    ],
  });
  brightwave!.children.push(
    // Unsupported by the document reader: the ingestion must skip it, not fail.
    {
      name: 'Site photo.png',
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    },
  );
  lumen!.children.push(
    {
      name: 'call notes.txt',
      bytes: new TextEncoder().encode('Lumen Health call: ARR EUR 15m, burn EUR 1.1m/month.\n'),
    },
    { name: CONTROL_CHAR_FILE_NAME, bytes: await makeDocx(['Board approved the Q4 budget.']) },
  );
  kestrel!.children.push(
    // Metadata only: a 5 GB export whose content must never be downloaded.
    { name: 'Kestrel Payments Data Room Export.zip', size: FIVE_GB, lastModified: MODIFIED },
    {
      name: LONG_FILE_NAME,
      bytes: await pdf('Kestrel Payments questionnaire', ['Chargeback rate 0.3%; ARR EUR 18.5m.']),
    },
  );
  return [
    {
      name: 'Deals',
      children: [
        nordlicht!,
        brightwave!,
        lumen!,
        kestrel!,
        {
          name: 'Deal Pipeline Overview.xlsx',
          bytes: makeXlsx([
            {
              name: 'Pipeline',
              rows: [['Company', 'Stage'], ...CONTOSO.companies.map((c) => [c, 'Diligence'])],
            },
          ]),
        },
      ],
    },
    {
      name: 'Templates',
      children: [{ name: 'IC Memo Template.docx', bytes: await makeDocx([{ heading: 'IC Memo' }]) }],
    },
  ];
}

function users(oneDrives: { alex: FakeNodeSeed[]; jordan: FakeNodeSeed[] }): FakeUserSeed[] {
  return [
    {
      oid: CONTOSO.alexOid,
      tenantId: CONTOSO.tenantId,
      displayName: 'Alex Lender',
      email: 'alex@contoso.example',
      jobTitle: 'Partner, Venture Debt',
      oneDrive: oneDrives.alex,
    },
    {
      oid: CONTOSO.priyaOid,
      tenantId: CONTOSO.tenantId,
      displayName: 'Priya Shah',
      email: 'priya@contoso.example',
      jobTitle: 'Investment Analyst',
      oneDrive: [],
    },
    {
      oid: CONTOSO.jordanOid,
      tenantId: PERSONAL_TENANT_ID,
      displayName: 'Jordan Rivers',
      email: 'jordan.rivers@outlook.example',
      jobTitle: null,
      oneDrive: oneDrives.jordan,
    },
  ];
}

async function seedWith(deals: FakeNodeSeed[]): Promise<FakeTenantSeed> {
  const alex: FakeNodeSeed[] = [
    {
      name: 'Deals',
      children: [
        {
          name: 'Nordlicht Robotics',
          children: [
            {
              name: 'Call Notes.docx',
              bytes: await makeDocx(['Founder call: ARR EUR 12.4m, 40% gross margin uplift.']),
            },
          ],
        },
        {
          name: 'Orbital Freight',
          children: [
            {
              name: 'Orbital Freight Teaser.pdf',
              bytes: await pdf('Orbital Freight', ['Revenue EUR 22m; EBITDA positive.']),
            },
          ],
        },
      ],
    },
  ];
  const jordan: FakeNodeSeed[] = [
    {
      name: 'Deals',
      children: [
        {
          name: 'Harbor Coffee Co',
          children: [
            {
              name: 'Harbor Coffee Pitch.pdf',
              bytes: await pdf('Harbor Coffee Co', ['Revenue EUR 3.1m; burn EUR 0.2m per month.']),
            },
          ],
        },
      ],
    },
  ];
  return {
    tenant: { id: CONTOSO.tenantId, displayName: 'Contoso Capital', domain: 'contoso.example' },
    users: users({ alex, jordan }),
    sites: [
      {
        name: 'Contoso Deals',
        displayName: 'Contoso Deals',
        description: 'Deal team workspace',
        isRoot: true,
        drives: [
          { name: 'Documents', items: deals },
          {
            name: 'Archive',
            description: 'Closed and declined deals',
            items: [{ name: 'Deals', children: [] }],
          },
        ],
      },
      {
        name: 'Portfolio',
        displayName: 'Portfolio',
        description: 'Portfolio monitoring',
        drives: [
          {
            name: 'Documents',
            items: [
              {
                name: 'Reports',
                children: [
                  {
                    name: 'Q3 Portfolio Review.pdf',
                    bytes: await pdf('Q3 Portfolio Review', ['Portfolio ARR EUR 210m.']),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

let cached: Promise<FakeTenantSeed> | null = null;

/**
 * The default tenant: Contoso Capital with Alex Lender (work), Priya Shah (work) and Jordan Rivers
 * (personal account); the root site "Contoso Deals" whose Documents library holds
 * `Deals/<Company>/…`, a "Portfolio" site, and OneDrives. Built once per process (the documents are
 * real PDF/DOCX/XLSX files); the fake copies nothing it later mutates in place.
 */
export function defaultSeed(): Promise<FakeTenantSeed> {
  cached ??= dealsLibrary().then(seedWith);
  return cached;
}

/**
 * The default tenant with a big generated `Deals` library instead: `companies` folders of
 * `filesPerCompany` files each (PDF, DOCX and XLSX in turn, each naming its company and figures),
 * for benchmarks of the ingestion.
 */
export async function seedDealTree(companies: number, filesPerCompany: number): Promise<FakeTenantSeed> {
  const folders: FakeFolderSeed[] = [];
  for (let c = 0; c < companies; c++) {
    const company = `Company ${String(c + 1).padStart(4, '0')} Ltd`;
    const children: FakeNodeSeed[] = [];
    for (let f = 0; f < filesPerCompany; f++) {
      const arr = ((c * 7 + f * 3) % 50) + 2;
      const kind = f % 3;
      if (kind === 0) {
        children.push({
          name: `${company} Update ${f + 1}.pdf`,
          bytes: await pdf(`${company} update ${f + 1}`, [
            `ARR: EUR ${arr}.0m`,
            `Monthly burn: EUR ${(arr / 20).toFixed(2)}m`,
          ]),
        });
      } else if (kind === 1) {
        children.push({
          name: `${company} Notes ${f + 1}.docx`,
          bytes: await makeDocx([`${company} notes ${f + 1}: revenue EUR ${arr * 2}m, ARR EUR ${arr}m.`]),
        });
      } else {
        children.push({
          name: `${company} KPIs ${f + 1}.xlsx`,
          bytes: makeXlsx([
            {
              name: 'KPIs',
              rows: [
                ['Metric', 'Value'],
                ['ARR', arr * 1000],
                ['Revenue', arr * 1800],
              ],
            },
          ]),
        });
      }
    }
    folders.push({ name: company, children });
  }
  return seedWith([{ name: 'Deals', children: folders }]);
}
