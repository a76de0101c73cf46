import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanFilename, sweepStaleUploads } from './upload-receiver.ts';

describe('cleanFilename', () => {
  it('keeps the name a person gave, without folders or control characters', () => {
    expect(cleanFilename('C:\\fakepath\\Q3 deck.pdf', 'pdf')).toBe('Q3 deck.pdf');
    expect(cleanFilename('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(cleanFilename('board\u0000pack\u0007.docx', 'docx')).toBe('boardpack.docx');
    expect(cleanFilename('Übersicht “final”.xlsx', 'xlsx')).toBe('Übersicht “final”.xlsx');
    expect(cleanFilename('   ', 'xls')).toBe('document.xls');
    expect(cleanFilename(undefined, 'doc')).toBe('document.doc');
    expect([...cleanFilename(`${'é'.repeat(400)}.pdf`, 'pdf')]).toHaveLength(255);
  });
});

describe('sweepStaleUploads', () => {
  it('removes temporary uploads older than the limit and leaves recent ones', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'atempo-sweep-'));
    const old = path.join(directory, 'old.upload');
    const fresh = path.join(directory, 'fresh.upload');
    const other = path.join(directory, 'keep.txt');
    for (const file of [old, fresh, other]) writeFileSync(file, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    utimesSync(other, twoHoursAgo, twoHoursAgo);
    expect(await sweepStaleUploads(directory)).toBe(1);
    expect([existsSync(old), existsSync(fresh), existsSync(other)]).toEqual([false, true, true]);
    expect(await sweepStaleUploads(path.join(directory, 'missing'))).toBe(0);
  });
});
