import { companies, type Database, organizations } from '@atempo/db';
import { openTestDatabase } from '@atempo/db/testing';
import { companyNameKey, normaliseCompanyName } from '@atempo/documents';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/sql-rows.ts';
import {
  findCompaniesByFuzzyName,
  findCompaniesInText,
  findCompanyByName,
  findCompanyByNameOrDomain,
  matchCompanies,
} from './company-matcher.ts';
import { companyNameKeySql, normalisedNameSql } from './company-name-key.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
let orgA: string;
let orgB: string;
const ids = new Map<string, string>();

const COMPANIES: { name: string; website?: string }[] = [
  { name: 'Nordpay Ltd', website: 'https://www.nordpay.co.uk/about' },
  { name: 'Café Santé SAS', website: 'cafesante.fr' },
  { name: 'Lune', website: 'https://lune.io' },
  { name: 'Form3', website: 'http://form3.tech' },
  { name: 'Voltaro GmbH & Co. KG' },
  { name: 'Acme' },
  { name: 'Acme Ltd' },
  { name: 'Nordlys Energy AB' },
  { name: 'AI Ltd' },
  { name: 'Gmail Fans', website: 'https://gmail.com' },
];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const [a, b] = await db
    .insert(organizations)
    .values([
      { name: 'A', slug: `matcher-a-${Date.now()}` },
      { name: 'B', slug: `matcher-b-${Date.now()}` },
    ])
    .returning();
  orgA = a!.id;
  orgB = b!.id;
  const rows = await db
    .insert(companies)
    .values(COMPANIES.map((company) => ({ ...company, organizationId: orgA })))
    .returning();
  for (const row of rows) ids.set(row.name, row.id);
  await db.insert(companies).values({ name: 'Lunel', organizationId: orgB, website: 'https://lune.io' });
});
afterAll(async () => {
  await database?.close();
});

const idOf = (name: string) => ids.get(name);

describe('the SQL name key is the TypeScript one', () => {
  const NAMES = [
    'Nordpay Ltd.',
    'Café Santé S.à r.l.',
    'Voltaro GmbH & Co. KG',
    'Pasta S.p.A.',
    'Tapas S.L.',
    'Fjord A/S',
    'Kraków Sp. z o.o.',
    "Acme's (UK) Limited",
    'O’Reilly Media, Inc.',
    'Rolls-Royce plc',
    'Booking.com B.V.',
    'U.S. Bank',
    'E.ON SE',
    'Zoë & Co',
    'Smith & Sons Holdings plc',
    '  Lots   of   space  ',
    'Ltd',
  ];
  it.each(NAMES)('%s', async (name) => {
    const [row] = await rowsOf<{ normalised: string; key: string }>(
      db,
      sql`select ${normalisedNameSql(name)} as normalised, ${companyNameKeySql(name)} as key`,
    );
    expect(row).toEqual({ normalised: normaliseCompanyName(name), key: companyNameKey(name) });
  });
});

describe('findCompanyByName', () => {
  it.each([
    ['Nordpay', 'Nordpay Ltd'],
    ['NORDPAY LIMITED', 'Nordpay Ltd'],
    ['Cafe Sante', 'Café Santé SAS'],
    ['café santé s.a.r.l.', 'Café Santé SAS'],
    ['Voltaro', 'Voltaro GmbH & Co. KG'],
    ['Voltaro AG', 'Voltaro GmbH & Co. KG'],
    ['acme', 'Acme'],
    ['ACME LTD', 'Acme Ltd'],
    ['Acme Limited', 'Acme'],
    ['Form3', 'Form3'],
    ['Lune', 'Lune'],
    ['Lunel', undefined],
    ['Nordlys', undefined],
    ['Nordpay Holdings', undefined],
    ['!!!', undefined],
  ])('%s → %s', async (name, expected) => {
    const found = await findCompanyByName(db, orgA, name);
    expect(found?.name).toBe(expected);
  });

  it("never finds another organisation's company", async () => {
    expect(await findCompanyByName(db, orgB, 'Nordpay')).toBeUndefined();
    expect((await findCompanyByName(db, orgB, 'lunel'))?.organizationId).toBe(orgB);
  });
});

describe('findCompanyByNameOrDomain', () => {
  it.each([
    [{ email: 'jane@nordpay.co.uk' }, 'Nordpay Ltd'],
    [{ email: 'Jane <jane@mail.nordpay.co.uk>' }, 'Nordpay Ltd'],
    [{ website: 'https://shop.cafesante.fr/menu' }, 'Café Santé SAS'],
    [{ website: 'lune.io' }, 'Lune'],
    [{ email: 'ops@form3.tech' }, 'Form3'],
    [{ email: 'someone@notnordpay.co.uk' }, undefined],
    [{ email: 'nordpay@gmail.com' }, undefined],
    [{ website: 'https://gmail.com' }, undefined],
    [{ name: 'Unknown Co', email: 'jane@nordpay.co.uk' }, 'Nordpay Ltd'],
    [{ name: 'Lune', email: 'jane@nordpay.co.uk' }, 'Lune'],
  ])('%j → %s', async (by, expected) => {
    expect((await findCompanyByNameOrDomain(db, orgA, by))?.name).toBe(expected);
  });
});

describe('matchCompanies', () => {
  it('matches names, domains, emails and text, each company once, and reports unmatched names', async () => {
    const result = await matchCompanies(db, orgA, {
      names: ['nordpay', 'Zephyr', '???'],
      emails: ['cfo@nordpay.co.uk', 'ops@lune.io', 'joe@outlook.com'],
      text: 'Met Form3 and acme today; Lunel and AI Ltd were not discussed.',
    });
    expect(result.matches.map((match) => [match.company.name, match.matchedBy, match.input])).toEqual([
      ['Nordpay Ltd', 'name', 'nordpay'],
      ['Lune', 'domain', 'ops@lune.io'],
      ['Form3', 'text', 'form3'],
      ['Acme', 'text', 'acme'],
      ['Acme Ltd', 'text', 'acme'],
    ]);
    expect(result.unmatchedNames).toEqual(['Zephyr', '???']);
  });
});

describe('findCompaniesInText', () => {
  it('finds whole words of the normalised text only', async () => {
    const found = await findCompaniesInText(
      db,
      orgA,
      "Café Santé's round; voltaro gmbh hires; Lunel; Nordlys",
    );
    expect(found.map((f) => f.company.id)).toEqual([idOf('Café Santé SAS'), idOf('Voltaro GmbH & Co. KG')]);
  });
});

describe('findCompaniesByFuzzyName', () => {
  it('ranks close spellings, the same key first', async () => {
    const found = await findCompaniesByFuzzyName(db, orgA, 'Nordpai');
    expect(found[0]?.name).toBe('Nordpay Ltd');
    const exact = await findCompaniesByFuzzyName(db, orgA, 'cafe sante');
    expect(exact[0]).toMatchObject({ name: 'Café Santé SAS', score: 1 });
    expect(await findCompaniesByFuzzyName(db, orgA, 'Zzyzx Quantum')).toEqual([]);
  });
});
