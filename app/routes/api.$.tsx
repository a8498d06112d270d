// /api/* — the API of docs/api.md (the calls of docs/product.md §7), served from this site's store. One resource route
// hands every method to the dispatcher, which answers JSON (or a file) and never HTML.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

import { handleApi } from '~/.server';

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  handleApi(request, context, `/${params['*'] ?? ''}`);

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApi(request, context, `/${params['*'] ?? ''}`);
