// Keeps docs/architecture.md §1 (Forms) true: every page whose action answers more than one form
// answers with `answer(intent, result)` and `unknownForm()` (app/.server/forms.ts) and shows each
// answer only in the form that posted, through `answerFor` / `useAnswerFor` (app/lib/answer.ts).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROUTES = path.resolve(__dirname, '../routes');

/** The forms a route's action tells apart by their `intent`, and those its own markup posts. */
export function intentsOf(source: string) {
  const found = new Set<string>();
  const add = (pattern: RegExp, text: string) => {
    for (const match of text.matchAll(pattern)) found.add(match[1]!);
  };
  // The action: the cases of a switch on the intent, and any comparison with it.
  for (const [, cases] of source.matchAll(/switch \([^\n]*intent[^\n]*\)\s*\{([\s\S]*?)default:/g))
    add(/case '([\w-]+)':/g, cases!);
  add(/intent'?\)?\s*[!=]==\s*'([\w-]+)'/g, source);
  // The page: a hidden `intent` field of a form written in the route itself.
  add(/name="intent"\s+value="([\w-]+)"/g, source);
  return found;
}

/** Why a route's source breaks the rule for pages of several forms; empty when it keeps it. */
export function answerProblems(source: string) {
  const problems: string[] = [];
  if (!/\banswer\(/.test(source)) problems.push('its action does not answer with answer(intent, result)');
  if (/\bformReply\(/.test(source)) problems.push('it answers with formReply, which names no form');
  if (/\bUNKNOWN_FORM\b/.test(source) || !/\bunknownForm\(\)/.test(source))
    problems.push('a post naming none of its forms is not answered with unknownForm()');
  if (/\bdata(<[^>]*>)?\(\{/.test(source)) problems.push('it answers with data({...}), not answer()');
  if (!/\b(answerFor|useAnswerFor|strayAnswerFor|useStrayAnswerFor)\(/.test(source))
    problems.push('its page does not pick its forms’ answers with answerFor');
  if (/useActionData(<[^>]*>)?\(\)\s*\?\.\s*result/.test(source))
    problems.push('its page shows the last answer whatever form it was for');
  return problems;
}

const routes = fs
  .readdirSync(ROUTES)
  .filter((name) => name.endsWith('.tsx'))
  .map((name) => ({ name, source: fs.readFileSync(path.join(ROUTES, name), 'utf8') }))
  .filter(({ source }) => /export (async )?function action\b/.test(source))
  .map((route) => ({ ...route, intents: intentsOf(route.source) }));
const severalForms = routes.filter(({ intents }) => intents.size > 1);

test('every page whose action answers several forms answers with the one helper pair', () => {
  const broken = severalForms.flatMap(({ name, source }) =>
    answerProblems(source).map((problem) => `${name}: ${problem}`),
  );
  expect(broken).toEqual([]);
});

test('the scan finds the pages of several forms known today, so it is not finding nothing', () => {
  expect(severalForms.map(({ name }) => name)).toEqual(
    expect.arrayContaining([
      'admin.inductions.$inductionId.tsx',
      'admin.invites.tsx',
      'admin.resources.$resourceId.maintenance.tsx',
      'admin.strikes.tsx',
      'bookings.$id.cancel.tsx',
      'bookings._index.tsx',
      'inductions.tsx',
      'resources.$slug_.here.tsx',
    ]),
  );
  expect(routes.find(({ name }) => name === 'bookings._index.tsx')?.intents).toEqual(
    new Set(['reset-feed', 'reminders', 'ask-waive', 'leave-wait']),
  );
});

test('the scan tells a page of several forms that breaks the rule', () => {
  const old = `export async function action() {
    switch (formData.get('intent')) { case 'a': return one(); case 'b': return two();
      default: return formReply(formError(UNKNOWN_FORM)); } }
    export default function Page() { const lastResult = useActionData<typeof action>()?.result; }`;
  expect(intentsOf(old)).toEqual(new Set(['a', 'b']));
  expect(answerProblems(old)).toEqual([
    'its action does not answer with answer(intent, result)',
    'it answers with formReply, which names no form',
    'a post naming none of its forms is not answered with unknownForm()',
    'its page does not pick its forms’ answers with answerFor',
    'its page shows the last answer whatever form it was for',
  ]);
  expect(intentsOf(`<input type="hidden" name="intent" value="retry" />`).size).toBe(1);
  // A switch on something else is not a page's forms.
  expect(intentsOf(`switch (outcome.status) {\n    case 'booked':\n    default:\n  }`).size).toBe(0);
});
