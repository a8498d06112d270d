// What route modules may use from the server side. Routes import from '~/.server' only: the
// classic Remix compiler empties specifiers ending in ".server" in the browser build, so none of
// this (nor sharp, SQLite or the identity SDKs) can leak into client JavaScript.
export { api, ApiError } from './api';
export { config } from './config';
export { fromApi, notFound, PUBLIC_PAGE_CACHE } from './http';
export { sendAsset } from './send-asset';
