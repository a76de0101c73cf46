import { MAX_UPLOAD_BYTES } from '@atempo/contracts/constants';
import { describe, expect, it } from 'vitest';
import { isAcceptedUpload, partitionUploads } from './upload-rules.ts';

const file = (name: string, size = 1000) => ({ name, size });

describe('upload rules (spec 01 §5)', () => {
  it('accepts PDF, Word and Excel files by their extension, in any case', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.xls', 'e.XLSX'])
      expect(isAcceptedUpload(file(name))).toBe(true);
  });

  it('skips other types', () => {
    for (const name of ['a.txt', 'b.csv', 'c.exe', 'd.pdf.exe', 'e.pptx', 'noextension']) {
      expect(isAcceptedUpload(file(name))).toBe(false);
    }
  });

  it('accepts exactly 10485760 bytes and skips one byte more', () => {
    expect(isAcceptedUpload(file('a.pdf', MAX_UPLOAD_BYTES))).toBe(true);
    expect(isAcceptedUpload(file('a.pdf', MAX_UPLOAD_BYTES + 1))).toBe(false);
  });

  it('counts the skipped files', () => {
    const { accepted, skipped } = partitionUploads([
      file('a.pdf'),
      file('b.png'),
      file('c.xlsx', MAX_UPLOAD_BYTES + 1),
      file('d.docx'),
    ]);
    expect(accepted.map((item) => item.name)).toEqual(['a.pdf', 'd.docx']);
    expect(skipped).toBe(2);
  });
});
