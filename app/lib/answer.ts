// The answer shape of a page with several forms (docs/architecture.md §1, Forms). Its action
// answers with `answer(intent, result)` (app/.server/forms.ts): the form it answered, which copy of
// it when the page lists several (a strike's 'Ask to waive'), and conform's result. The page shows
// a result only in the form that posted: each form takes `answerFor(data, itsIntent, itsItem)`.
// Without JavaScript the page is rendered again with that answer; with it, the same answer arrives
// as action data: one shape both ways.
import type { SubmissionResult } from '@conform-to/react';
import { useActionData } from '@remix-run/react';

export interface FormAnswer<Intent extends string = string> {
  /** the form answered (its hidden `intent`); null when the post named none of the page's forms */
  intent: Intent | null;
  /** which of that form's copies on the page posted (a strike's id), or null when there is one */
  item: string | null;
  result: SubmissionResult<string[]>;
}

/** What a route's action data holds when it is an answer, whatever else it carries. */
type Answered = { intent: string | null; item: string | null };

/** The answers of `Data` that may be for `Intent` (an answer's intent may itself be a union). */
type AnswerOf<Data, Intent> = Data extends { intent: infer Answered }
  ? Intent extends Answered
    ? Data
    : never
  : never;

const isAnswer = (value: unknown): value is Answered =>
  typeof value === 'object' && value !== null && 'intent' in value && 'item' in value && 'result' in value;

/**
 * The answer for one form: the one whose `intent` posted and, given `item`, that copy of it (null:
 * the copy that names none, beside copies that do); else undefined, so no other form on the page
 * shows it. `answerFor(data, null)` is the answer to a post
 * that named none of the page's forms (or was too large to read): said once, above them all.
 */
export function answerFor<Data, Intent extends string | null>(
  data: Data | undefined,
  intent: Intent,
  item?: string | null,
): AnswerOf<Data, Intent> | undefined {
  if (!isAnswer(data) || data.intent !== intent) return undefined;
  if (item !== undefined && data.item !== item) return undefined;
  return data as AnswerOf<Data, Intent>;
}

/**
 * The answer for one of a form's copies that is not on the page any more (the strike already
 * asked about, the booking already checked in) or never was (a forged id): shown where that form's
 * copies are listed, so it is never shown nowhere. `shown` are the items whose form is rendered.
 */
export function strayAnswerFor<Data, Intent extends string>(
  data: Data | undefined,
  intent: Intent,
  shown: readonly string[],
): AnswerOf<Data, Intent> | undefined {
  const found = answerFor(data, intent) as (AnswerOf<Data, Intent> & Answered) | undefined;
  return found && !shown.includes(found.item ?? '') ? found : undefined;
}

/** `answerFor` of the route's action data, for a form in a component that does not know the route. */
export function useAnswerFor(intent: string | null, item?: string | null): FormAnswer | undefined {
  return answerFor(useActionData() as FormAnswer | undefined, intent, item);
}

/** `strayAnswerFor` of the route's action data. */
export function useStrayAnswerFor(intent: string, shown: readonly string[]): FormAnswer | undefined {
  return strayAnswerFor(useActionData() as FormAnswer | undefined, intent, shown);
}
