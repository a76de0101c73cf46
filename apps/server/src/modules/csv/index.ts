export { csvRoutes } from './csv.routes.ts';
export { CsvSyntaxError, parseCsv } from './csv-parse.ts';
