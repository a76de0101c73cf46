import PDFDocument from 'pdfkit';

export interface MakePdfOptions {
  /** Opening the file then needs this password (pdfkit encrypts the document). */
  userPassword?: string;
  title?: string;
  author?: string;
}

const LEFT = 72;
const TOP = 72;
const LINE_HEIGHT = 15;
/** Where the columns of a table row (a line with tabs) start: a label column, then figures. */
const COLUMN_X = [72, 300, 390, 480];

/**
 * A real PDF (pdfkit, Helvetica) with one page per string. Each line of a page is drawn at its own
 * position; a line with tabs is a table row whose cells are drawn in aligned columns, as a
 * financial statement is: "Revenue\t1,200\t1,450" gives three cells on one baseline.
 */
export function makePdf(pages: string[], options: MakePdfOptions = {}): Promise<Uint8Array> {
  const document = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.7',
    info: { Title: options.title ?? 'Generated test document', Author: options.author ?? 'Atempo tests' },
    ...(options.userPassword
      ? { userPassword: options.userPassword, ownerPassword: `${options.userPassword}-owner` }
      : {}),
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.on('error', reject);
  });
  for (const text of pages) {
    document.addPage({ size: 'A4', margin: 0 });
    document.font('Helvetica').fontSize(10);
    text.split('\n').forEach((line, index) => {
      const y = TOP + index * LINE_HEIGHT;
      const cells = line.split('\t');
      cells.forEach((cell, column) => {
        if (!cell) return;
        const x = COLUMN_X[column] ?? LEFT + column * 90;
        document.text(cell, x, y, { lineBreak: false });
      });
    });
  }
  document.end();
  return done;
}
