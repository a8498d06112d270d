/// <reference types="@remix-run/dev" />

// Single Fetch types: loaders and actions are typed by what they return, `data()` included.
import '@remix-run/node';
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
  /** What server/index.ts hands every loader and action. */
  interface AppLoadContext {
    /** the client's address (TRUST_PROXY decides which X-Forwarded-For hop), if known */
    clientAddress: string | null;
    /** when the request arrived, before its body was read: a deadline is judged by it */
    arrivedAt?: Date;
  }
}
