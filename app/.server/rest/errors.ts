// An /api answer other than success (handle.ts turns it into `{error: {code, message, ...}}`).

export class RestError extends Error {
  /** 409 taken: free starts of the same length close by */
  nearest?: string[];

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A success that is not done yet (a booking request waiting for approval): 202 Accepted. */
export class Accepted {
  constructor(readonly body: unknown) {}
}
