import { describe, expect, it } from 'vitest';
import { icMemoPdfFilename } from './ic-memo-filename.ts';

const on = (companyName: string) =>
  icMemoPdfFilename({ companyName, createdAt: new Date('2026-11-29T10:00:00Z') });

describe('icMemoPdfFilename', () => {
  it('names the file after the company and the memo date', () => {
    expect(on('Acme Robotics')).toBe('IC_Memo_Acme_Robotics_2026-11-29.pdf');
  });

  it('keeps letters of any script and joins everything else with one underscore', () => {
    expect(on('Nordlicht Ärzte GmbH & Co. KG')).toBe('IC_Memo_Nordlicht_Ärzte_GmbH_Co_KG_2026-11-29.pdf');
    expect(on('  a/b\\c:"d"  ')).toBe('IC_Memo_a_b_c_d_2026-11-29.pdf');
  });

  it('still names a file when the company name has nothing usable', () => {
    expect(on('***')).toBe('IC_Memo_Deal_2026-11-29.pdf');
  });
});
