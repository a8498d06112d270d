/**
 * What a body that is not the form its Content-Type says (a cut upload, a forged or broken
 * multipart) is answered with, 400, by forms.ts, and what the error view shows for it rather than
 * the crash page: it is the sender's to fix, and nothing was logged (docs/product.md §8).
 */
export const UNREADABLE_FORM = 'The form could not be read. Please send it again.';
