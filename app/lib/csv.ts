// CSV files the admins download (docs/product.md §10, 'Download CSV'): for a spreadsheet, so UTF-8
// with a byte-order mark (Excel reads the file as UTF-8 then, not as Windows-1252), CRLF line ends
// (RFC 4180), and no cell a spreadsheet would run as a formula. csv-stringify does the quoting.
import { stringify } from 'csv-stringify/sync';

/** The characters that make a spreadsheet read a cell as a formula (OWASP, 'CSV injection'). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** '-3': a number a spreadsheet reads as one and runs nothing (a ledger's delta), kept as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet keeps as text: one that starts with =, +, -, @, a tab or a carriage return
 * gets a ' in front ('=HYPERLINK(…)' shows as typed, it never runs), unless it is a plain negative
 * number. Everything else is as it was.
 */
export const formulaSafe = (cell: string) =>
  FORMULA_START.has(cell.charAt(0)) && !NEGATIVE_NUMBER.test(cell) ? `'${cell}` : cell;

/** Rows (the first one the header) as a CSV file's text: BOM, CRLF, every cell formula-safe. */
export const csvText = (rows: readonly (readonly string[])[]) =>
  stringify(
    rows.map((row) => row.map(formulaSafe)),
    // A line break inside a note is quoted too: csv-stringify quotes only its own record delimiter.
    { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
