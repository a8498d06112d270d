// Booking forms' schemas (docs/product.md §10), shared by the browser and the server, which is the
// authority: each message is written here once.
import { z } from 'zod';

export const MAX_INDUCTION_NOTE = 500;

/** An inductor or admin signs a member off: the member by username (typed) or id (a request's row). */
export const InductionSignOffSchema = z
  .object({
    inductionId: z.string({ required_error: 'Choose an induction.' }).min(1, 'Choose an induction.').max(100),
    username: z.string().trim().max(30, 'No member has that username.').optional(),
    userId: z.string().max(100).optional(),
    note: z
      .string()
      .trim()
      .max(MAX_INDUCTION_NOTE, `A note has at most ${MAX_INDUCTION_NOTE} characters.`)
      .optional()
      .default(''),
  })
  .refine((value) => value.username || value.userId, {
    message: 'Enter the member’s username.',
    path: ['username'],
  });

export const InductionRevokeSchema = z.object({
  inductionId: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
  reason: z
    .string({ required_error: 'Say why it is revoked.' })
    .trim()
    .min(1, 'Say why it is revoked.')
    .max(MAX_INDUCTION_NOTE, `A reason has at most ${MAX_INDUCTION_NOTE} characters.`),
});
