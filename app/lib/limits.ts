// Limits the pages show as well as enforce (docs/product.md §9). Kept apart from schemas.ts so a
// page can show them without loading zod.
export const MIN_PASSWORD = 8;
export const MAX_QUALIFICATIONS = 5;
export const MAX_BIO = 2000;
/** A member's message with an induction request (docs/product.md §10). */
export const MAX_INDUCTION_REQUEST = 500;
/** A member's note on a booking (docs/product.md §10). */
export const MAX_BOOKING_NOTE = 500;
/** An inductor's note on a sign-off, or a reason to decline or revoke (docs/product.md §10). */
export const MAX_INDUCTION_NOTE = 500;
/** The name of a group of equivalent machines, 'Prusa printers' (docs/product.md §10). */
export const MAX_EQUIVALENT_GROUP = 60;
/** The grace after its start a booking of a resource that requires check-in starts with (docs/product.md §10). */
export const DEFAULT_GRACE_MINUTES = 15;
/** An admin's reason for removing a post, which its author reads (docs/product.md §8). */
export const POST_REMOVAL_REASON_MAX = 500;

/** The longest answer to one of a resource's questions (a request for approval). */
export const MAX_ANSWER = 1000;

/** A resource's questions for a request, one per line, all told. */
export const MAX_QUESTIONS = 2000;
