// CSV files the admins download (docs/product.md §10, 'Download CSV'): for a spreadsheet, so UTF-8
// with a byte-order mark (Excel reads the file as UTF-8 then, not as Windows-1252), CRLF line ends
// (RFC 4180), and no cell a spreadsheet would run as a formula. csv-stringify does the quoting.
import { stringify } from 'csv-stringify/sync';

/** The characters that make a spreadsheet read a cell as a formula (OWASP, 'CSV injection'). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A cell a spreadsheet keeps as text: one that starts with =, +, -, @, a tab or a carriage return
 * gets a ' in front ('=HYPERLINK(…)' shows as typed, it never runs). Everything else is as it was.
 */
export const formulaSafe = (cell: string) => (FORMULA_START.has(cell.charAt(0)) ? `'${cell}` : cell);

/** Rows (the first one the header) as a CSV file's text: BOM, CRLF, every cell formula-safe. */
export const csvText = (rows: readonly (readonly string[])[]) =>
  stringify(
    rows.map((row) => row.map(formulaSafe)),
    // A line break inside a note is quoted too: csv-stringify quotes only its own record delimiter.
    { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
