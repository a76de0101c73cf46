import { describe, expect, it } from 'vitest';
import {
  companyDomain,
  companyNameKey,
  findNamesInText,
  isPublicMailDomain,
  normaliseCompanyName,
  registrableDomain,
} from './company-names.ts';

describe('normaliseCompanyName', () => {
  it.each([
    ['Acme', 'acme'],
    ['ACME', 'acme'],
    ['  Acme   Robotics  ', 'acme robotics'],
    ['Société Générale', 'societe generale'],
    ['Café Crème', 'cafe creme'],
    ['Ørsted', 'ørsted'],
    ['Smith & Sons', 'smith and sons'],
    ['Smith and Sons', 'smith and sons'],
    ['Rolls-Royce', 'rolls royce'],
    ['Booking.com', 'booking com'],
    ['S.p.A.', 'spa'],
    ['U.S. Bank', 'us bank'],
    ['E.ON', 'e on'],
    ["Acme's", 'acme'],
    ['Acme’s runway', 'acme runway'],
    ["O'Reilly Media", 'oreilly media'],
    ['Form3', 'form3'],
    ['Zoë (UK)', 'zoe uk'],
    ['!!!', ''],
  ])('%s → "%s"', (name, normalised) => {
    expect(normaliseCompanyName(name)).toBe(normalised);
  });
});

describe('companyNameKey', () => {
  it.each([
    ['Nordpay Ltd', 'nordpay'],
    ['Nordpay Ltd.', 'nordpay'],
    ['Nordpay Limited', 'nordpay'],
    ['NORDPAY', 'nordpay'],
    ['Nordpay PLC', 'nordpay'],
    ['Voltaro GmbH', 'voltaro'],
    ['Voltaro GmbH & Co. KG', 'voltaro'],
    ['Voltaro AG', 'voltaro'],
    ['Café Santé SA', 'cafe sante'],
    ['Café Santé SAS', 'cafe sante'],
    ['Café Santé SARL', 'cafe sante'],
    ['Café Santé S.à r.l.', 'cafe sante'],
    ['Lumen B.V.', 'lumen'],
    ['Lumen BV', 'lumen'],
    ['Lumen N.V.', 'lumen'],
    ['Nordlys Energy AB', 'nordlys energy'],
    ['Nordlys Energy AB (publ)', 'nordlys energy'],
    ['Fjord AS', 'fjord'],
    ['Fjord ASA', 'fjord'],
    ['Fjord A/S', 'fjord'],
    ['Fjord ApS', 'fjord'],
    ['Sauna Oy', 'sauna'],
    ['Sauna Oyj', 'sauna'],
    ['Pasta S.p.A.', 'pasta'],
    ['Pasta SpA', 'pasta'],
    ['Pasta Srl', 'pasta'],
    ['Tapas S.L.', 'tapas'],
    ['Tapas SL', 'tapas'],
    ['Acme Inc', 'acme'],
    ['Acme, Inc.', 'acme'],
    ['Acme LLC', 'acme'],
    ['Acme Corp.', 'acme'],
    ['Acme Corporation', 'acme'],
    ['Acme Pty Ltd', 'acme'],
    ['Acme & Co', 'acme'],
    ['Kraków Sp. z o.o.', 'krakow'],
    ['Smith & Sons Holdings plc', 'smith and sons holdings'],
    ['Tide Group', 'tide group'],
    ['Ltd', 'ltd'],
    ['SA', 'sa'],
    ['Sass', 'sass'],
    ['Limited Edition Games', 'limited edition games'],
    ['Form3', 'form3'],
  ])('%s → "%s"', (name, key) => {
    expect(companyNameKey(name)).toBe(key);
  });
});

describe('findNamesInText', () => {
  const names = (text: string, candidates: string[], minKeyLength?: number) =>
    findNamesInText(
      text,
      candidates.map((name) => ({ name })),
      { minKeyLength },
    ).map((found) => [found.candidate.name, found.form]);

  it.each([
    ['Lunel raised a seed round', ['Lune'], []],
    ['Lune raised a seed round', ['Lune'], [['Lune', 'name']]],
    ['Met the Form3 team about their Series C', ['Form3'], [['Form3', 'name']]],
    ["Form3's Series C closed", ['Form3 Ltd'], [['Form3 Ltd', 'key']]],
    ['Form30 is another company', ['Form3'], []],
    ['Update from ACME LTD.', ['Acme Ltd'], [['Acme Ltd', 'name']]],
    ['we spoke to acme yesterday', ['Acme Ltd'], [['Acme Ltd', 'key']]],
    ['Société Générale backs Café Santé', ['Cafe Sante SAS'], [['Cafe Sante SAS', 'key']]],
    ['Smith and Sons signed', ['Smith & Sons'], [['Smith & Sons', 'name']]],
    ['nordlys solar is growing', ['Nordlys Energy AB'], []],
    ['an AI company', ['AI Ltd'], []],
  ] as const)('%s in %j → %j', (text, candidates, expected) => {
    expect(names(text, [...candidates], 3)).toEqual(expected);
  });

  it('reads words already normalised, and reports where the name is', () => {
    const [found] = findNamesInText(['about', 'acme', 'robotics', 'now'], [{ name: 'Acme Robotics Ltd' }]);
    expect(found).toMatchObject({ start: 1, end: 3, form: 'key' });
  });
});

describe('registrableDomain and companyDomain', () => {
  it.each([
    ['https://www.acme.co.uk/about', 'acme.co.uk', 'acme.co.uk'],
    ['http://acme.com', 'acme.com', 'acme.com'],
    ['acme.com', 'acme.com', 'acme.com'],
    ['www.Acme.COM', 'acme.com', 'acme.com'],
    ['mail.acme.co.uk', 'acme.co.uk', 'acme.co.uk'],
    ['jane@mail.acme.co.uk', 'acme.co.uk', 'acme.co.uk'],
    ['Jane Doe <jane@acme.com.au>', 'acme.com.au', 'acme.com.au'],
    ['mailto:jane@acme.de', 'acme.de', 'acme.de'],
    ['https://shop.acme.com.au/x?y=1', 'acme.com.au', 'acme.com.au'],
    ['https://acme.github.io', 'acme.github.io', 'acme.github.io'],
    ['jane@gmail.com', 'gmail.com', null],
    ['jane@googlemail.com', 'googlemail.com', null],
    ['joe@outlook.com', 'outlook.com', null],
    ['joe@hotmail.co.uk', 'hotmail.co.uk', null],
    ['joe@yahoo.co.uk', 'yahoo.co.uk', null],
    ['joe@gmx.de', 'gmx.de', null],
    ['joe@icloud.com', 'icloud.com', null],
    ['joe@proton.me', 'proton.me', null],
    ['http://127.0.0.1:8000', null, null],
    ['localhost', null, null],
    ['Acme', null, null],
    ['', null, null],
  ])('%s → %s (company: %s)', (input, domain, company) => {
    expect(registrableDomain(input)).toBe(domain);
    expect(companyDomain(input)).toBe(company);
  });

  it('knows the public mail providers and nobody else', () => {
    expect(isPublicMailDomain('gmail.com')).toBe(true);
    expect(isPublicMailDomain('Outlook.com')).toBe(true);
    expect(isPublicMailDomain('acme.co.uk')).toBe(false);
  });
});
