import {
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';

/** A block of a generated Word document. */
export type DocxBlock =
  | string
  | { heading: string; level?: 1 | 2 }
  | { table: string[][] }
  | { pageBreak: true };

/** A real .docx (the `docx` package) with paragraphs, headings, tables and page breaks, in order. */
export async function makeDocx(blocks: DocxBlock[], options: { title?: string } = {}): Promise<Uint8Array> {
  const children = blocks.map((block) => {
    if (typeof block === 'string') return new Paragraph({ children: [new TextRun(block)] });
    if ('heading' in block) {
      return new Paragraph({
        text: block.heading,
        heading: block.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_1,
      });
    }
    if ('pageBreak' in block) return new Paragraph({ children: [new PageBreak()] });
    return new Table({
      rows: block.table.map(
        (cells) =>
          new TableRow({
            children: cells.map((cell) => new TableCell({ children: [new Paragraph(cell)] })),
          }),
      ),
    });
  });
  const document = new Document({
    title: options.title ?? 'Generated test document',
    creator: 'Atempo tests',
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
