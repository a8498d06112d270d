// /admin/usage.csv — 'Download CSV' under each table of /admin/usage (docs/product.md §11): the
// same question (`period`, `from`, `to`, `scope`) and `table`, answered with the page's own figures
// as a spreadsheet file (BOM, CRLF, formula-safe cells). No table names a member, so no audit entry.
// Admins only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import contentDisposition from 'content-disposition';
import { bookings, requireAdmin } from '~/.server';
import { csvText } from '~/lib/csv';
import { USAGE_TABLES, usageCsvName, usageCsvRows, type UsageTable } from '~/lib/usage/usage-csv';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const table = params.get('table') as UsageTable;
  const asked = await bookings.usage.ask(params);
  if (!USAGE_TABLES.includes(table) || !asked.ok) {
    const errors = asked.ok ? [] : Object.values(asked.errors).flat();
    const why = USAGE_TABLES.includes(table)
      ? errors.join(' ')
      : `Choose a table: ${USAGE_TABLES.join(', ')}.`;
    return new Response(why, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(csvText(usageCsvRows(table, asked.figures, asked.period)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(usageCsvName(table, asked.period, asked.query.scope), {
        type: 'attachment',
      }),
      'Cache-Control': 'private, no-store',
    },
  });
}
