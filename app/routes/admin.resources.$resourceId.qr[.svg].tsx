// /admin/resources/{id}/qr.svg — the QR code to stick on the machine (docs/product.md §10
// 'Check-in'): it leads to /resources/{slug}/here. An SVG to print at any size; admins only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { bookings, checkInQr, notFound, requireAdmin } from '~/.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(params.resourceId ?? '');
  if (!resource) notFound();
  return new Response(checkInQr(resource), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Disposition': `inline; filename="check-in-${resource.slug}.svg"`,
      'Cache-Control': 'private, no-cache',
    },
  });
}
