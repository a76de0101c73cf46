// Its own file so extract.ts and pdf/pdfjs.ts both name it without importing each other.

/** One of `count` interleaved shares of a PDF's pages: pages index+1, index+1+count, … (see extractInSandbox). */
export interface PageShare {
  index: number;
  count: number;
}
