// GET /assets/{id}/{filename}: the same file under a readable name (docs/product.md §3 attachment address).
// The name in the URL is cosmetic: the download is named from what was stored.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { sendAsset } from '~/.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => sendAsset(request, params.id);
