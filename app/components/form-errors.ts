// Apart from forms.tsx, which every form page loads: only the pages of many small forms use it.

/** Every message of a form's reply, field errors too: one banner for a page of small forms. */
export const allErrors = (result: { error?: Record<string, string[] | null> | null } | undefined) =>
  result ? Object.values(result.error ?? {}).flatMap((errors) => errors ?? []) : null;
