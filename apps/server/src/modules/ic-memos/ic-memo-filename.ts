/**
 * "IC_Memo_Acme_Robotics_2026-11-29.pdf": the file a committee member finds in Downloads or in a
 * mail says whose memo it is and from when (the date on its cover), not an id. Letters of any
 * script are kept (the header carries them as filename*); anything else a file system or a header
 * might trip on becomes one underscore.
 */
export function icMemoPdfFilename(memo: { companyName: string; createdAt: Date }): string {
  const company = memo.companyName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  const date = memo.createdAt.toISOString().slice(0, 10);
  return `IC_Memo_${company || 'Deal'}_${date}.pdf`;
}
