// The two forms of /register (docs/product.md §2, §5): step 1 with the live availability check,
// step 2 with the profile fields /profile shares.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useActionData, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Field, FormBanner, ProfileFields } from '~/components/forms';
import { NewPasswordFields } from '~/components/password-fields';
import { HoneypotInputs } from '~/components/honeypot';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from '~/components/validation';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import type { RegisterStep1, RegisterStep2Schema } from '~/lib/schemas';
import type { z } from 'zod';

const useLastResult = () => useActionData<{ result?: SubmissionResult<string[]> }>()?.result;

type Availability = 'available' | 'taken' | 'invalid' | 'unknown';

/** docs/product.md §5: availability is checked 500 ms after typing stops; failures are ignored. */
function useAvailability(field: 'email' | 'username', value: string) {
  const fetcher = useFetcher<{ status: Availability }>();
  const [checked, setChecked] = useState<string | null>(null);
  const ready = field === 'email' ? value.includes('@') : value.length >= 3;
  useEffect(() => {
    setChecked(null);
    if (!ready) return;
    const timer = setTimeout(() => {
      fetcher.load(`/register/availability?${new URLSearchParams({ [field]: value })}`);
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

function availabilityText(check: ReturnType<typeof useAvailability>, available: string, taken: string) {
  if (check.checking) return 'Checking...';
  if (check.status === 'available') return available;
  if (check.status === 'taken') return taken;
  return null;
}

export function DetailsStep({
  typed,
  honeypot,
}: {
  typed: { email: string; username: string; fullname: string; inviteKey: string } | null;
  honeypot: HoneypotInputProps;
}) {
  const busy = useIsPending();
  const validation = useLazyValidation('RegisterStep1Schema', 'onBlur');
  const [form, fields] = useForm<RegisterStep1>({
    lastResult: useLastResult(),
    defaultValue: typed ?? undefined,
    ...validation.options,
  });
  const [email, setEmail] = useState(typed?.email ?? '');
  const [username, setUsername] = useState(typed?.username ?? '');
  const emailCheck = useAvailability('email', email);
  const usernameCheck = useAvailability('username', username);
  return (
    <>
      <h1>Register</h1>
      <p className="step-label">Step 1 of 2</p>
      <Form method="post" {...getFormProps(form)} {...validation.formProps} noValidate>
        <HoneypotInputs fields={honeypot} />
        <FormBanner id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          field={fields.email}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            autoComplete: 'email',
            onInput: (event) => setEmail(event.currentTarget.value.trim()),
          }}
          status={availabilityText(emailCheck, 'Email available', 'Email is already registered')}
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
          status={availabilityText(usernameCheck, 'Username available', 'Username is already taken')}
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

export function ProfileStep({ chosen }: { chosen: { avatar: boolean; banner: boolean } }) {
  const busy = useIsPending();
  const validation = useLazyValidation('RegisterStep2Schema', 'onBlur');
  const [form, fields] = useForm<z.input<typeof RegisterStep2Schema>>({
    lastResult: useLastResult(),
    defaultValue: { qualifications: [''] },
    ...validation.options,
  });
  return (
    <>
      <h1>Profile Details</h1>
      <p className="step-label">Step 2 of 2</p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        {...validation.formProps}
        noValidate
      >
        <FormBanner id={form.errorId} errors={form.errors} />
        <ProfileFields
          form={form}
          fields={fields}
          chosen={chosen}
          avatarHint="A square photo or picture of you, at most 5 MB."
        />
        <div className="button-row">
          {/* A link, not a submit: going back never validates step 2 (step 1 comes from the draft). */}
          <Link to="/register" className="button button-secondary" aria-disabled={busy || undefined}>
            Back
          </Link>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Registering...' : 'Register'}
          </button>
        </div>
      </Form>
    </>
  );
}
