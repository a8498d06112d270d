// What route modules may use from the server side. Routes import from '~/.server' only: the
// classic Remix compiler empties specifiers ending in ".server" in the browser build, so none of
// this (nor sharp, SQLite or the identity SDKs) can leak into client JavaScript.
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
export { store } from './store';
export { askForInduction, bookings, calendarAnswer, checkInQr, inductionFor } from './bookings';
export { submitResourceForm } from './resource-form';
export { requireOwnBooking } from './own-booking';
// The schemas routes' actions check forms with: through here, so no page's bundle loads zod.
export {
  AppointInductorSchema,
  BookSchema,
  ChangeBookingSchema,
  CreditAdjustSchema,
  CreditFormSchema,
  CreditGrantAllSchema,
  CreditGrantSchema,
  grantExpiry,
  FeedResetSchema,
  BookingRemindersSchema,
  CheckInForSchema,
  CheckInSchema,
  StrikeDeclineSchema,
  StrikeWaiveSchema,
  WaiveAskSchema,
  ApprovalDecisionSchema,
  InductionDeclineSchema,
  InductionFormSchema,
  InductionRequestSchema,
  InductionRevokeSchema,
  InductionSignOffSchema,
  LabCancelSchema,
  labInstant,
  MaintenanceSchema,
  ShortenMaintenanceSchema,
  NextFreeQuerySchema,
  OnBehalfSchema,
  parseInstant,
  WaitSchema,
} from '~/lib/bookings/schemas';
export { files } from './assets';
export { loadOwnPost, readValidPost } from './post-form';
export { config } from './config';
// Loaders' and actions' answers: from here, a page's bundle does not carry an empty stand-in
// module for @remix-run/node.
export { data, redirect } from '@remix-run/node';
export { withNearestFree } from '~/lib/bookings/format';
// For actions: imported from here, a route's browser build leaves zod out (see
// components/validation.ts, which loads it only when a form is used).
export { parseWithZod } from '@conform-to/zod';
export {
  InviteCreateSchema,
  InviteRevokeSchema,
  JobRetrySchema,
  LoginSchema,
  PostRemovalSchema,
  ProfileSchema,
  ResetPasswordSchema,
  SignInSwitchSchema,
  UsernameSchema,
} from '~/lib/schemas';
export {
  answer,
  discardUploads,
  FORM_LIMITS,
  formError,
  formReply,
  normalizeListField,
  parseForm,
  readForm,
  tooLarge,
  UNKNOWN_FORM,
  unknownForm,
} from './forms';
export { arrivedAt, fromStore, notFound, PUBLIC_PAGE_CACHE, SECRET_PAGE_CACHE } from './http';
export { LEGAL_PAGE_CACHE, legalText } from './legal';
export { identity, IdentityError, identityMessage } from './identity';
export { LIMITS, withinAddressLimit } from './rate-limit';
export { registerDetails, registerProfile, registerView } from './registration';
export { scriptHash } from './security';
export { passwordSignIn } from './sign-in';
export { handleApi } from './rest/handle';
export { sendAsset } from './send-asset';
export { getUser, requireUser, startSession, signOut } from './session';
export { completePasswordReset, emailRequestAction } from './password-mail';
export { moveResetCodeToCookie, resetCode, resetDone, resetDoneEmail } from './reset-code';
export { finishGoogleSignIn, googleEnabled, GoogleSignInError, startGoogleSignIn } from './google';
export { logAuthEvent } from './auth-log';
export { prepareImageFields } from './uploads';
