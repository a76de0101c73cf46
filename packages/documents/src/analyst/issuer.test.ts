import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract.ts';
import { findIssuer, otherCompanyOf, pagesNaming, sameCompanyDomain, sameCompanyName } from './issuer.ts';
import { pdf } from './test-support/fixtures.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../../shared/corpus');

describe('findIssuer', () => {
  it("reads an SEC filing's registrant, even on a line laid out in columns", () => {
    const filing = pdf([
      [
        'UNITED STATES SECURITIES AND EXCHANGE COMMISSION',
        'FORM 10-K',
        'Commission file number 1-5805          Blue Heron Foods, Inc.',
        '(Exact name of registrant as specified in its charter)',
        'Delaware                    13-2624428',
      ].join('\n'),
      'Item 1. Business. We sell food.',
    ]);
    const issuer = findIssuer(filing);
    expect(issuer).toMatchObject({ name: 'Blue Heron Foods, Inc.', evidence: 'registrant' });
    expect(issuer?.source).toMatchObject({ kind: 'page', page: 1, label: 'page 1' });
    expect(issuer?.source.excerpt).toContain('Blue Heron Foods, Inc.');
  });

  it('reads a copyright line with a year, and not "(c) under the Exchange Act"', () => {
    const report = pdf([
      'Quarterly update\n(c) under the Exchange Act (17 CFR 240.13e-4(c))',
      'Revenue grew.\n© 2024 Kestrel Analytics Ltd. All rights reserved.',
      'Outlook.\n© 2024 Kestrel Analytics Ltd. All rights reserved.',
    ]);
    expect(findIssuer(report)).toMatchObject({ name: 'Kestrel Analytics Ltd', evidence: 'copyright' });
    expect(findIssuer(pdf(['(c) under the Exchange Act', 'Nothing else', 'At all']))).toBeNull();
  });

  it('reads a running footer with a legal form repeated on most pages', () => {
    const pages = Array.from(
      { length: 8 },
      (_, i) => `Section ${i + 1}\nSome prose about the year.\n${i + 2} OSPREY HOLDINGS PLC`,
    );
    expect(findIssuer(pdf(pages))).toMatchObject({ name: 'OSPREY HOLDINGS PLC', evidence: 'running_header' });
  });

  it("reads a title slide's name when the deck names it again, as a slide", () => {
    const deck = pdf([
      'Rangeway\nAmerica’s first hospitality-driven charging network',
      'Why Rangeway: drivers wait 40 minutes',
      'Rangeway sites open in 2025',
      'Team',
    ]);
    expect(findIssuer(deck, { slides: true })).toMatchObject({
      name: 'Rangeway',
      evidence: 'cover',
      source: { kind: 'slide', page: 1, label: 'slide 1' },
    });
  });

  it("reads a deck's site on its cover or contact slide, and not a slide of references", () => {
    const deck = pdf([
      'COVER 01 · VISION\nAI workflows for document-heavy operations',
      'Market',
      'Team',
      'Contact\nceo@fracto.tech · fracto.tech · linkedin.com/company/fracto',
    ]);
    const issuer = findIssuer(deck, { slides: true });
    expect(issuer).toMatchObject({ name: 'fracto.tech', evidence: 'website', source: { page: 4 } });
    expect(otherCompanyOf(deck, issuer, 'Fracto Technologies')).toBeNull();
    expect(otherCompanyOf(deck, issuer, 'Rangeway')?.name).toBe('fracto.tech');
    // Only a deck's closing slide is read so: a report's sources name no issuer.
    expect(findIssuer(deck)).toBeNull();
    const references = pdf(['Market map', 'Data', 'Sources: alpha.com, beta.io, gamma.de, hello@gmail.com']);
    expect(findIssuer(references, { slides: true })).toBeNull();
  });

  it('names nobody for a document naming many companies, or none', () => {
    const marketMap = pdf([
      'Alpha Payments Ltd\nBeta Ledger GmbH\nGamma Cards SAS\nDelta Bank AG',
      'Alpha Payments Ltd raised. Beta Ledger GmbH raised.',
      'Gamma Cards SAS and Delta Bank AG compete.',
    ]);
    expect(findIssuer(marketMap)).toBeNull();
    expect(findIssuer(pdf(['The quarter went well.', 'Revenue grew 20%.', 'Cash is fine.']))).toBeNull();
    expect(findIssuer(pdf([]))).toBeNull();
    // A generic cover line repeated on every page is no company.
    expect(findIssuer(pdf(['Confidential\nInvestor deck', 'Confidential', 'Confidential']))).toBeNull();
  });
});

describe('sameCompanyName (the one company matcher, and a name inside a longer one)', () => {
  it.each([
    ['Fracto', 'FRACTO sp. z o.o.'],
    ['Fracto', 'Fracto Technologies Ltd'],
    ['Acme Robotics Ltd', 'acme'],
    ['Front App', 'FrontApp Inc.'],
    ['Société Générale SA', 'SOCIETE GENERALE'],
  ])('%s is %s', (a, b) => expect(sameCompanyName(a, b)).toBe(true));

  it.each([
    ['Fracto', 'NIKE, Inc.'],
    ['Nordpay', 'Nordpayments Ltd'],
    ['Ltd', 'Acme Ltd'],
  ])('%s is not %s', (a, b) => expect(sameCompanyName(a, b)).toBe(false));
});

describe('sameCompanyDomain', () => {
  it.each([
    ['frontapp.com', 'Front'],
    ['seomoz.org', 'Moz'],
    ['jupiter-sensors.com', 'Jupiter'],
    ['fracto.tech', 'FRACTO sp. z o.o.'],
  ])('%s is %s', (domain, name) => expect(sameCompanyDomain(domain, name)).toBe(true));
  it.each([
    ['fracto.tech', 'Rangeway'],
    ['ab.io', 'AB'],
  ])('%s is not %s', (domain, name) => expect(sameCompanyDomain(domain, name)).toBe(false));
});

describe('otherCompanyOf', () => {
  const annualReport = pdf([
    'NIKE, Inc.\n(Exact name of Registrant as specified in its charter)',
    'NIKE designs footwear. Competitors include Adidas.',
    'Revenue $39.1 billion',
  ]);
  const issuer = findIssuer(annualReport);

  it("flags a listed company's filing on a startup's deal", () => {
    expect(otherCompanyOf(annualReport, issuer, 'Fracto GmbH')).toMatchObject({ name: 'NIKE, Inc.' });
  });

  it('raises no alarm for the deal’s own company, with or without its legal form, or inside a longer name', () => {
    expect(otherCompanyOf(annualReport, issuer, 'Nike')).toBeNull();
    expect(otherCompanyOf(annualReport, issuer, 'NIKE INC')).toBeNull();
    expect(otherCompanyOf(annualReport, issuer, null)).toBeNull();
  });

  it('raises no alarm when the document itself names the deal’s company on its cover or on three pages', () => {
    const memo = pdf([
      'Credit memo: Fracto\n© 2024 Lender Research Ltd',
      'Fracto sells workflow software.',
      'Risks',
    ]);
    expect(otherCompanyOf(memo, findIssuer(memo), 'Fracto')).toBeNull();
    // A lower-case word is not the company "Front".
    expect(pagesNaming(pdf(['the front page', 'Front raised', 'FRONT']), 'Front')).toEqual([2, 3]);
  });
});

describe('on the development corpus', () => {
  const read = (file: string) => extractDocument(readFileSync(path.join(CORPUS, file)), 'pdf');

  it("names a 10-K's registrant and flags it on another company's deal", async () => {
    const doc = await read('financebench/pdfs/COSTCO_2021_10K.pdf');
    const issuer = findIssuer(doc);
    expect(issuer).toMatchObject({ name: 'Costco Wholesale Corporation', evidence: 'registrant' });
    expect(otherCompanyOf(doc, issuer, 'Rangeway')?.name).toBe('Costco Wholesale Corporation');
    expect(otherCompanyOf(doc, issuer, 'Costco')).toBeNull();
  }, 60_000);

  it("raises no alarm on a deck whose title slide is the deal's company", async () => {
    const doc = await read('decks/Rangeway_pre-seed_deck.pdf');
    const issuer = findIssuer(doc, { slides: true });
    expect(issuer?.name).toBe('Rangeway');
    expect(otherCompanyOf(doc, issuer, 'Rangeway Inc.')).toBeNull();
    expect(otherCompanyOf(doc, issuer, 'Fracto')?.name).toBe('Rangeway');
  }, 60_000);
});
