// What route modules may use from the server side. Routes import from '~/.server' only: the
// classic Remix compiler empties specifiers ending in ".server" in the browser build, so none of
// this (nor sharp, SQLite or the identity SDKs) can leak into client JavaScript.
import { files, sweepOrphanAssets, sweepUnreferencedFiles } from './assets';
import { db } from './db';
import { sweepStaleUploads } from './forms';
import { sweepExpiredTokens } from './rest/tokens';

export { admin, requireAdmin } from './admin';
export { submitProjectForm } from './admin/project-form';
export {
  deleteAccountView,
  deleteOwnAccount,
  exportOwnData,
  ownDataAvailable,
  ownSettings,
  setDirectoryListing,
} from './own-data';
export { api, ApiError, InviteError } from './api';
export { AssetError, ATTACHMENT_LIMIT_BYTES, IMAGE_LIMIT_BYTES, prepareAsset, files } from './assets';
export { loadOwnPost, readValidPost } from './post-form';
export { config } from './config';
// For actions: imported from here, a route's browser build leaves zod out (see
// components/validation.ts, which loads it only when a form is used).
export { parseWithZod } from '@conform-to/zod';
export {
  DirectoryListingSchema,
  InviteCreateSchema,
  InviteRevokeSchema,
  LoginSchema,
  PostRemovalSchema,
  ProjectFormSchema,
  ProfileSchema,
  ResetPasswordSchema,
  SignInSwitchSchema,
} from '~/lib/schemas';
export { discardUploads, formReply, FORMS, normalizeListField, parseForm, readForm, tooLarge } from './forms';
export { fromApi, notFound, PUBLIC_PAGE_CACHE } from './http';
export { identity, IdentityError, identityMessage } from './identity';
export { linkMessage, MailError, sendMail } from './mail';
export { clearLimit, hit, LIMITS, withinAddressLimit } from './rate-limit';
export { registerDetails, registerProfile, registerView } from './registration';
export { rateLimitAddress, scriptHash } from './security';
export { passwordSignIn } from './sign-in';
export { handleApi } from './rest/handle';
export { sendAsset } from './send-asset';
export { endAllSessions, getUser, requireUser, signIn, signOut } from './session';

// Housekeeping at start-up and hourly: unused uploads, files a killed process left without their
// row, crashed requests' temp files, expired tokens.
const sweep = () => {
  sweepOrphanAssets(db)
    .then(() => sweepUnreferencedFiles(db))
    .catch((error) => console.error('Sweeping orphan uploads failed:', error));
  sweepStaleUploads();
  sweepExpiredTokens().catch((error) => console.error('Sweeping expired API tokens failed:', error));
};
sweep();
setInterval(sweep, 60 * 60 * 1000).unref();
console.log(`Uploaded files are kept in ${files.label}`);
export { honeypot, isSpam } from './honeypot';
export { completePasswordReset, emailRequestAction } from './password-mail';
export { finishGoogleSignIn, googleEnabled, GoogleSignInError, startGoogleSignIn } from './google';
export { logAuthEvent } from './auth-log';
export { prepareImageFields } from './uploads';
