// /admin/credits.csv — 'Download CSV' of the credit ledger on /admin/credits (docs/product.md §10
// 'Credits'): every entry, oldest first, with its member and credit, as a spreadsheet file (BOM,
// CRLF, formula-safe cells). Admins only, as the page; kept by no cache; audited, as it names members.
import type { LoaderFunctionArgs } from '@remix-run/node';
import contentDisposition from 'content-disposition';
import { bookings, requireAdmin } from '~/.server';
import { csvText } from '~/lib/csv';
import { ledgerCsvRows } from '~/lib/bookings/ledger-csv';
import { labDayOf } from '~/lib/bookings/time';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const rows = await bookings.admin.credits.ledgerRows(user);
  return new Response(csvText(ledgerCsvRows(rows)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(`credit-ledger-${labDayOf(new Date())}.csv`, {
        type: 'attachment',
      }),
      // Members' names and reasons: no cache keeps them, not even the browser's.
      'Cache-Control': 'private, no-store',
    },
  });
}
