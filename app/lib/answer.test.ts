import { expect, test } from 'vitest';
import { answerFor, strayAnswerFor, type FormAnswer } from './answer';

const error = (message: string) => ({ status: 'error' as const, error: { '': [message] } });
const waive: FormAnswer<'ask-waive'> = {
  intent: 'ask-waive',
  item: 'strike-1',
  result: error('Asked already.'),
};
const feed: FormAnswer<'reset-feed'> = { intent: 'reset-feed', item: null, result: error('Unknown action') };
const unknown: FormAnswer<never> = {
  intent: null,
  item: null,
  result: error('That form is not on this page.'),
};

test('an answer is shown only by the form that posted, and only by its copy that posted', () => {
  expect(answerFor(waive, 'ask-waive', 'strike-1')).toBe(waive);
  expect(answerFor(waive, 'ask-waive', 'strike-2')).toBeUndefined();
  expect(answerFor(waive, 'reset-feed')).toBeUndefined();
  expect(answerFor(waive, null)).toBeUndefined();
  // Without an item: any copy of that form (the page's one, or where its copies are listed).
  expect(answerFor(waive, 'ask-waive')).toBe(waive);
  expect(answerFor(feed, 'reset-feed')).toBe(feed);
  expect(answerFor(feed, 'ask-waive', 'strike-1')).toBeUndefined();
});

test('a post naming none of the forms is the answer to null, which no form takes', () => {
  expect(answerFor(unknown, null)).toBe(unknown);
  expect(answerFor(unknown, 'ask-waive')).toBeUndefined();
  expect(answerFor(unknown, 'ask-waive', 'strike-1')).toBeUndefined();
});

test('no action data, or data that is not an answer, answers no form', () => {
  expect(answerFor(undefined, 'ask-waive')).toBeUndefined();
  expect(answerFor(undefined, null)).toBeUndefined();
  // A single-form page's reply: no intent, so not an answer to null either.
  expect(answerFor({ result: error('x') }, null)).toBeUndefined();
  expect(answerFor('text', null)).toBeUndefined();
});

test('an answer whose copy is not on the page is stray, and shown where the copies are listed', () => {
  expect(strayAnswerFor(waive, 'ask-waive', ['strike-1'])).toBeUndefined();
  expect(strayAnswerFor(waive, 'ask-waive', ['strike-2'])).toBe(waive);
  expect(strayAnswerFor(waive, 'ask-waive', [])).toBe(waive);
  expect(strayAnswerFor(waive, 'reset-feed', [])).toBeUndefined();
  expect(strayAnswerFor(undefined, 'ask-waive', [])).toBeUndefined();
});
