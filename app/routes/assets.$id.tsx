// GET /assets/{id}: an uploaded image or file (docs/product.md §3). ?w= picks a WebP width variant.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { sendAsset } from '~/.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => sendAsset(request, params.id);
