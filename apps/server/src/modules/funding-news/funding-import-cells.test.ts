import { describe, expect, it } from 'vitest';
import { decodeText } from './funding-csv-file.ts';
import { readDateCell } from './funding-import.ts';

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
