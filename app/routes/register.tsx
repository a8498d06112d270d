// /register — two-step registration with an invite key (docs/product.md §2, 4, 5). Without JavaScript each step
// posts and the server answers; step 1's fields (password included) wait in an encrypted cookie.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
} from '@remix-run/react';
import { useEffect, useState } from 'react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import {
  api,
  assertSameOrigin,
  BodyTooLargeError,
  clearDraft,
  clientAddress,
  config,
  getUser,
  hit,
  identity,
  IdentityError,
  identityMessage,
  InviteError,
  isSpam,
  LIMITS,
  prepareImageFields,
  readDraft,
  readForm,
  readMemberForm,
  discardUploads,
  FORM_TOO_LARGE,
  saveDraft,
} from '~/.server';
import {
  ErrorList,
  Field,
  FormBanner,
  ImageInput,
  NewPasswordFields,
  QualificationRows,
} from '~/components/forms';
import { pageMeta } from '~/lib/meta';
import { RegisterStep1Schema, RegisterStep2Schema } from '~/lib/schemas';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Register',
    description: 'Join the Dublin makerspace community with your invite key.',
  });

type Step = 'details' | 'profile' | 'done';

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect('/profile');
  const url = new URL(request.url);
  if (url.searchParams.has('done')) {
    return { step: 'done' as Step, email: url.searchParams.get('email')?.slice(0, 254) ?? '', draft: null };
  }
  const draft = await readDraft(request);
  if (url.searchParams.get('step') === '2') {
    if (!draft) throw redirect('/register');
    return {
      step: 'profile' as Step,
      email: draft.email,
      draft: { avatar: Boolean(draft.avatarId), banner: Boolean(draft.bannerId) },
    };
  }
  // Back on step 1: what was typed comes back, except the passwords.
  const { password: _p, confirmPassword: _c, avatarId: _a, bannerId: _b, ...typed } = draft ?? {};
  return { step: 'details' as Step, email: '', draft: draft ? typed : null };
}

/** A reply that never carries a password back to the page. */
const reply = (result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
  data({ result }, { status, headers });

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, config.PUBLIC_URL);
  const isMultipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  return isMultipart ? profileStep(request) : detailsStep(request);
}

async function detailsStep(request: Request) {
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return reply({ status: 'error', error: { '': ['The form is too large.'] } }, 413);
    throw error;
  }
  const submission = parseWithZod(formData, { schema: RegisterStep1Schema });
  const hidePasswords = { hideFields: ['password', 'confirmPassword'] };
  if (isSpam(formData))
    return reply(
      submission.reply({ formErrors: ['Registration failed. Please try again.'], ...hidePasswords }),
      400,
    );
  if (submission.status !== 'success') return reply(submission.reply(hidePasswords), 400);

  const { email, username, inviteKey } = submission.value;
  const [emailIsTaken, usernameIsTaken, invite] = await Promise.all([
    api.accounts.emailTaken(email),
    api.accounts.usernameTaken(username),
    api.accounts.inviteState(inviteKey),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (emailIsTaken) fieldErrors.email = ['Email is already registered'];
  if (usernameIsTaken) fieldErrors.username = ['Username is already taken'];
  if (invite !== 'ok') {
    // Wrong keys count towards a limit, so keys cannot be guessed by trying many.
    const address = clientAddress(request, config.TRUST_PROXY);
    const allowed = await hit(
      `invite-guess:${address ?? 'all'}`,
      address ? LIMITS.inviteGuessesPerAddress : { max: 200, windowMs: 3_600_000 },
    );
    fieldErrors.inviteKey = [
      allowed ? new InviteError(invite).message : 'Too many attempts. Please try again later.',
    ];
  }
  if (Object.keys(fieldErrors).length) return reply(submission.reply({ fieldErrors, ...hidePasswords }), 400);

  const previous = await readDraft(request);
  return redirect('/register?step=2', {
    headers: {
      'Set-Cookie': await saveDraft({
        ...submission.value,
        avatarId: previous?.avatarId ?? null,
        bannerId: previous?.bannerId ?? null,
      }),
    },
  });
}

const IMAGE_FIELDS = ['avatar', 'banner'] as const;

async function profileStep(request: Request) {
  const draft = await readDraft(request);
  if (!draft) throw redirect('/register');
  const formData = await readMemberForm(request);
  if (!formData) return reply({ status: 'error', error: { '': [FORM_TOO_LARGE] } }, 413);
  try {
    if (formData.get('intent') === 'back') return redirect('/register');

    // Images chosen on this step are stored at once, so a validation error does not lose them.
    const prepared = await prepareImageFields(formData, IMAGE_FIELDS);
    const fieldErrors: Record<string, string[]> = { ...prepared.errors };
    const images = { avatar: draft.avatarId ?? null, banner: draft.bannerId ?? null };
    for (const name of IMAGE_FIELDS) {
      const asset = prepared.images[name];
      if (!asset) continue;
      await api.assets.savePending(asset);
      images[name] = asset.row.id;
    }
    const headers = {
      'Set-Cookie': await saveDraft({ ...draft, avatarId: images.avatar, bannerId: images.banner }),
    };

    const submission = parseWithZod(formData, { schema: RegisterStep2Schema });
    if (!images.avatar && !fieldErrors.avatar && submission.status === 'success')
      fieldErrors.avatar = ['Please choose an avatar image'];
    if (submission.status !== 'success' || Object.keys(fieldErrors).length) {
      const errors = submission.status === 'error' ? submission.error : {};
      return reply(
        submission.reply({ fieldErrors: { ...errors, ...fieldErrors } as Record<string, string[]> }),
        400,
        headers,
      );
    }

    const fail = (message: string) =>
      reply(submission.reply({ formErrors: [`Error: ${message}`] }), 400, headers);
    const address = clientAddress(request, config.TRUST_PROXY);
    if (address && !(await hit(`register:${address}`, LIMITS.registrationsPerAddress))) {
      return fail(identityMessage('register', new IdentityError('too-many-requests')));
    }
    // docs/product.md §5: both checks again, in parallel, before the identity account is created.
    const [emailIsTaken, usernameIsTaken] = await Promise.all([
      api.accounts.emailTaken(draft.email),
      api.accounts.usernameTaken(draft.username),
    ]);
    if (emailIsTaken) return fail('Email already registered');
    if (usernameIsTaken) return fail('Username already taken');

    let uid: string;
    try {
      uid = (await identity.createAccount(draft.email, draft.password)).uid;
    } catch (error) {
      return fail(identityMessage('register', error));
    }
    try {
      await api.accounts.signUp({
        uid,
        email: draft.email,
        username: draft.username,
        fullname: draft.fullname,
        bio: submission.value.bio,
        qualifications: submission.value.qualifications,
        avatarId: images.avatar,
        bannerId: images.banner,
        inviteKey: draft.inviteKey,
      });
    } catch (error) {
      // docs/product.md §4: nothing is left behind when sign-up fails after the identity account exists.
      await identity.deleteAccount(uid);
      if (error instanceof InviteError) return fail(error.message);
      console.error('Registration failed:', error);
      return fail('Registration failed. Please try again.');
    }
    return redirect(`/register?${new URLSearchParams({ done: '1', email: draft.email })}`, {
      headers: { 'Set-Cookie': await clearDraft() },
    });
  } finally {
    // Temp upload files go, whatever happened (the stored ones were moved into the store).
    discardUploads(formData);
  }
}

export default function Register() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page auth-page">
      <div className="card auth-card">
        {loaderData.step === 'done' ? (
          <Success email={loaderData.email} />
        ) : loaderData.step === 'profile' ? (
          <ProfileStep chosen={loaderData.draft as { avatar: boolean; banner: boolean }} />
        ) : (
          <DetailsStep typed={loaderData.draft as Record<string, string> | null} />
        )}
        {loaderData.step !== 'done' ? (
          <>
            <p className="form-footer">
              Already a member? <Link to="/login">Sign in</Link>
            </p>
            <p className="legal">
              By registering you agree to our <a href="#terms">Terms</a> and{' '}
              <a href="#privacy">Privacy Policy</a>.
            </p>
          </>
        ) : null}
      </div>
    </main>
  );
}

/** docs/product.md §5: availability is checked 500 ms after typing stops; failures are ignored. */
function useAvailability(field: 'email' | 'username', value: string) {
  const fetcher = useFetcher<{ status: 'available' | 'taken' | 'invalid' | 'unknown' }>();
  const [checked, setChecked] = useState<string | null>(null);
  const ready = field === 'email' ? value.includes('@') : value.length >= 3;
  useEffect(() => {
    setChecked(null);
    if (!ready) return;
    const timer = setTimeout(() => {
      fetcher.load(`/resources/availability?${new URLSearchParams({ [field]: value })}`);
      setChecked(value);
    }, 500);
    return () => clearTimeout(timer);
    // fetcher.load is stable enough; re-running on it would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, value, ready]);
  const checking = ready && (checked !== value || fetcher.state !== 'idle');
  const status = !checking && checked === value ? fetcher.data?.status : undefined;
  return { checking, status };
}

function DetailsStep({ typed }: { typed: Record<string, string> | null }) {
  const lastResult = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    lastResult,
    defaultValue: typed ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterStep1Schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [email, setEmail] = useState(typed?.email ?? '');
  const [username, setUsername] = useState(typed?.username ?? '');
  const emailCheck = useAvailability('email', email);
  const usernameCheck = useAvailability('username', username);
  const statusText = (check: ReturnType<typeof useAvailability>, available: string, taken: string) =>
    check.checking
      ? 'Checking...'
      : check.status === 'available'
        ? available
        : check.status === 'taken'
          ? taken
          : null;
  return (
    <>
      <h1>Register</h1>
      <p className="step-label">Step 1 of 2</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <HoneypotInputs label="Please leave this field blank" />
        <FormBanner id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          field={fields.email}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            autoComplete: 'email',
            onInput: (event) => setEmail(event.currentTarget.value.trim()),
          }}
          status={statusText(emailCheck, 'Email available', 'Email is already registered')}
        />
        <Field
          label="Username"
          field={fields.username}
          inputProps={{
            ...getInputProps(fields.username, { type: 'text' }),
            autoComplete: 'username',
            onInput: (event) => setUsername(event.currentTarget.value.trim()),
          }}
          hint="Letters, numbers and underscores; at least 3 characters."
          status={statusText(usernameCheck, 'Username available', 'Username is already taken')}
        />
        <Field
          label="Full name"
          field={fields.fullname}
          inputProps={{ ...getInputProps(fields.fullname, { type: 'text' }), autoComplete: 'name' }}
        />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={['Password', 'Confirm password']}
        />
        <Field
          label="Invite key"
          field={fields.inviteKey}
          inputProps={{ ...getInputProps(fields.inviteKey, { type: 'text' }), autoComplete: 'off' }}
        />
        <button
          type="submit"
          className="button button-block"
          disabled={busy || emailCheck.checking || usernameCheck.checking}
        >
          {busy ? 'Checking...' : 'Continue'}
        </button>
      </Form>
    </>
  );
}

function ProfileStep({ chosen }: { chosen: { avatar: boolean; banner: boolean } }) {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { qualifications: [''] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterStep2Schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <h1>Profile Details</h1>
      <p className="step-label">Step 2 of 2</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        <FormBanner id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.bio.id}>Bio</label>
          <textarea {...getTextareaProps(fields.bio)} rows={5} />
          <ErrorList id={fields.bio.errorId} errors={fields.bio.errors} />
        </div>
        <QualificationRows form={form} field={fields.qualifications} />
        <ImageInput
          field={fields.avatar}
          label="Avatar"
          chosen={chosen.avatar}
          hint="A square photo or picture of you, at most 5 MB."
        />
        <ImageInput
          field={fields.banner}
          label="Banner"
          chosen={chosen.banner}
          hint="Optional. Recommended size 1200x300 pixels, at most 5 MB."
        />
        <div className="button-row">
          <button
            type="submit"
            name="intent"
            value="back"
            className="button button-secondary"
            formNoValidate
            disabled={busy}
          >
            Back
          </button>
          <button type="submit" name="intent" value="register" className="button" disabled={busy}>
            {busy ? 'Registering...' : 'Register'}
          </button>
        </div>
      </Form>
    </>
  );
}

function Success({ email }: { email: string }) {
  const to = `/login?${new URLSearchParams({ email, notice: 'registered' })}`;
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), 2000);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  // docs/product.md §4: on to /login after 2 seconds; the meta refresh does it without JavaScript.
  return (
    <>
      <meta httpEquiv="refresh" content={`2;url=${to}`} />
      <h1>Registration Successful</h1>
      <p role="status">Welcome aboard! Taking you to sign in...</p>
      <p>
        <Link to={to} className="button">
          Sign in
        </Link>
      </p>
    </>
  );
}
