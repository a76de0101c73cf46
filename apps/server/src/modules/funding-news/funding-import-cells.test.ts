import { describe, expect, it } from 'vitest';
import { decodeText } from './funding-csv-file.ts';
import { readDateCell } from './funding-import.ts';
import { cleanCell, readImportAmount, readStageCell } from './import-cells.ts';

describe('export cells', () => {
  it.each([
    ['2024-03-15', '2024-03-15T00:00:00.000Z'],
    ['2024-03-15T10:30:00Z', '2024-03-15T10:30:00.000Z'],
    ['15/03/2024', '2024-03-15T00:00:00.000Z'],
    ['05.04.2024', '2024-04-05T00:00:00.000Z'],
    ['Mar 15, 2024', '2024-03-15T00:00:00.000Z'],
    ['15 March 2024', '2024-03-15T00:00:00.000Z'],
    ['31/02/2024', null],
    ['2024-13-01', null],
    ['last week', null],
  ])('date %s', (cell, iso) => {
    expect(readDateCell(cell)).toBe(iso);
  });

  it('decodes each encoding an export comes in', () => {
    const text = 'Company,Amount\nCrème,€5m\n';
    expect(decodeText(Buffer.from(`\ufeff${text}`, 'utf8'))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.from(text, 'utf8'))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual({
      text,
      encoding: 'utf-16le',
    });
    expect(decodeText(Buffer.from(text, 'utf16le'))).toEqual({ text, encoding: 'utf-16le' });
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual({
      text,
      encoding: 'utf-16be',
    });
    expect(decodeText(be)).toEqual({ text, encoding: 'utf-16be' });
    const cp1252 = Buffer.from([
      ...Buffer.from('Company,Amount\nCr'),
      0xe8,
      ...Buffer.from('me,'),
      0x80,
      ...Buffer.from('5m\n'),
    ]);
    expect(decodeText(cp1252)).toEqual({ text, encoding: 'windows-1252' });
  });
});

describe('rounds export cells', () => {
  it.each([
    ['20,00,00,000', 200_000_000],
    ['80,48,394', 8_048_394],
    ['3,90,00,00,000', 3_900_000_000],
    ['48,89,975.54', 4_889_975.54],
    ['20,000,000', 20_000_000],
    ['14,342,000+', 14_342_000],
    ['1,000,000,', 1_000_000],
    ['\\\\xc2\\\\xa020,000,000', 20_000_000],
    ['$5M', 5_000_000],
  ])('amount %s', (cell, value) => {
    const read = readImportAmount(cell);
    expect(read).toMatchObject({ kind: 'amount', value });
  });

  it.each(['N/A', 'n/a', 'undisclosed', 'Undisclosed', 'unknown', 'nan', '\\\\xc2\\\\xa0N/A', '', '-'])(
    'no amount in %j (not 0)',
    (cell) => {
      expect(readImportAmount(cell)).toEqual({ kind: 'none' });
    },
  );

  it('flags a trailing plus as a lower bound and an unreadable amount as unreadable', () => {
    expect(readImportAmount('14,342,000+')).toMatchObject({ lowerBound: true });
    expect(readImportAmount('about twenty')).toEqual({ kind: 'unreadable' });
  });

  it('scales a millions column', () => {
    expect(readImportAmount('12.5', 1_000_000)).toMatchObject({ kind: 'amount', value: 12_500_000 });
  });

  it.each([
    ['Seed/ Angel Funding', undefined, 'Seed'],
    ['Seed / Angle Funding', undefined, 'Seed'],
    ['Seed\\\\nFunding', undefined, 'Seed'],
    ['Angel', undefined, 'Pre-Seed'],
    ['pre-seed', undefined, 'Pre-Seed'],
    ['Pre-series A', undefined, 'Seed'],
    ['Series B (Extension)', undefined, 'Series B'],
    ['series-a', undefined, 'Series A'],
    ['Series J', undefined, 'Series D+'],
    ['Private Equity Round', undefined, 'Growth'],
    ['PrivateEquity', undefined, 'Growth'],
    ['private_equity', undefined, 'Growth'],
    ['Debt Funding', undefined, 'Debt'],
    ['debt_financing', undefined, 'Debt'],
    ['Term Loan', undefined, 'Debt'],
    ['venture', 'b', 'Series B'],
    ['venture', 'A', 'Series A'],
    ['venture', undefined, null],
    ['Venture - Series Unknown', undefined, null],
    ['Crowd funding', undefined, null],
    ['nan', undefined, null],
  ])('stage %j (code %j) → %j', (type, code, stage) => {
    expect(readStageCell(type, code)).toBe(stage);
  });

  it('decodes escaped UTF-8 bytes written as text', () => {
    expect(cleanCell('\\\\xc2\\\\xa0News in shorts')).toBe('News in shorts');
    expect(cleanCell('LetsVenture\\\\xe2\\\\x80\\\\x99s Angel Fund')).toBe('LetsVenture’s Angel Fund');
    expect(cleanCell('LetsVenture\\xe2\\x80\\x99s')).toBe('LetsVenture’s');
  });

  it('refuses malformed dates instead of guessing', () => {
    expect(readDateCell('05/072018')).toBeNull();
    expect(readDateCell('01/07/015')).toBeNull();
    expect(readDateCell('09/01/2020')).toBe('2020-01-09T00:00:00.000Z');
    expect(readDateCell('10/7/2015')).toBe('2015-07-10T00:00:00.000Z');
  });
});
