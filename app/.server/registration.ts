// The registration draft between steps (docs/architecture.md §4): step 1's fields, password included, live
// in an encrypted, HTTP-only cookie for 30 minutes, never in a hidden field.
import type { RegisterStep1 } from '~/lib/schemas';
import { sealedCookie } from './sealed-cookie';

export interface RegistrationDraft extends RegisterStep1 {
  /** images uploaded on step 2 before it validated, kept so they are not chosen twice */
  avatarId?: string | null;
  bannerId?: string | null;
}

const draftCookie = sealedCookie<RegistrationDraft>('__register', 30 * 60);

export const readDraft = draftCookie.read;
export const saveDraft = draftCookie.write;
export const clearDraft = draftCookie.clear;
