/** The sentences a person reads when a file cannot be read. One place, so they stay consistent. */
export const UNREADABLE = {
  timeout: 'The file took too long to read; it may be damaged or far larger than it looks.',
  memory: 'The file needs too much memory to read; it may be damaged or far larger than it looks.',
  pdfPassword: 'The PDF is password-protected; upload a copy without a password.',
  pdfDamaged: 'The PDF is damaged and cannot be read; try saving or printing it to a new PDF.',
  notPdf: 'The file is not a PDF document, although it was given as one.',
  zipBomb:
    'The file unpacks to far more data than a document of its size should; it was not read, to protect the server.',
  zipDamaged: 'The file is damaged: its contents cannot be unpacked.',
  officePassword: 'The file is password-protected or encrypted; upload a copy without a password.',
  notDocx: 'The file is not a Word document (.docx), although it was given as one.',
  notDoc: 'The file is not a Word 97-2003 document (.doc), although it was given as one.',
  docxDamaged: 'The Word document is damaged and cannot be read.',
  docDamaged: 'The Word 97-2003 document is damaged and cannot be read.',
  notXlsx: 'The file is not an Excel workbook (.xlsx), although it was given as one.',
  notXls: 'The file is not an Excel 97-2003 workbook (.xls), although it was given as one.',
  sheetDamaged: 'The Excel workbook is damaged and cannot be read.',
  unknownFormat: 'This kind of file cannot be read.',
} as const;
