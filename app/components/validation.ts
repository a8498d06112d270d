// Checking a form in the browser with the same zod schema the server uses, without making every
// visitor download it: zod, conform's zod adapter and the schemas (about 15 KB gzip, more than the
// rest of a form page's own code) load when someone first focuses the form or points at it. Until
// then, as without JavaScript, the server checks the form when it is sent; it always does anyway.
import type { Submission } from '@conform-to/react';
import { useState } from 'react';
import type { SchemaName } from '~/lib/validation';

type Validate = (formData: FormData) => Submission<Record<string, unknown>>;

/**
 * useForm options and <Form> props: spread `options` into useForm and `formProps` onto the form.
 * `when` is when a field is first checked ('onBlur' or 'onSubmit'); it is checked again as it is
 * corrected.
 */
export function useLazyValidation(name: SchemaName, when: 'onBlur' | 'onSubmit') {
  const [validate, setValidate] = useState<Validate | null>(null);
  const [requested, setRequested] = useState(false);
  const load = () => {
    if (requested) return;
    setRequested(true);
    import('~/lib/validation').then(
      (module) => setValidate(() => (formData: FormData) => module.validate(name, formData)),
      () => setRequested(false), // offline for a moment: the server still checks; try again on the next focus
    );
  };
  return {
    options: validate
      ? {
          onValidate: ({ formData }: { formData: FormData }) => validate(formData) as never,
          shouldValidate: when,
          shouldRevalidate: 'onInput' as const,
        }
      : // Not loaded yet: checking a field now would send the form to the server.
        { shouldValidate: 'onSubmit' as const },
    // Focus, or a pointer over the form: a click on 'Add qualification' (which Safari does not
    // focus) then finds the schemas loaded instead of asking the server. data-checks says who
    // checks the fields now: the server until the schemas have loaded, then the browser too.
    formProps: { onFocus: load, onPointerEnter: load, 'data-checks': validate ? 'browser' : 'server' },
  };
}
