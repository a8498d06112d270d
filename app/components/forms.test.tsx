// Field labels its input or textarea the same way: the label names it, and a hint and the errors
// are tied to it by aria-describedby, so a screen reader hears why a value was refused.
import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Field } from './forms';

/** What conform hands a form for one field, as far as Field and getInputProps read it. */
function field(name: string, errors?: string[]) {
  return {
    id: `f-${name}`,
    name,
    formId: 'f',
    errorId: `f-${name}-error`,
    descriptionId: `f-${name}-description`,
    errors,
    valid: !errors,
    initialValue: 'typed',
  } as unknown as FieldMetadata<string>;
}

test('a required input: label with a hidden star, its errors described and marked invalid', () => {
  const title = field('title', ['Title is required']);
  const html = renderToStaticMarkup(
    <Field label="Title" field={title} inputProps={getInputProps(title, { type: 'text' })} required />,
  );
  expect(html).toBe(
    '<div class="field"><label for="f-title">Title<span aria-hidden="true"> *</span></label>' +
      '<input id="f-title" name="title" form="f" aria-invalid="true" aria-describedby="f-title-error"' +
      ' type="text" aria-required="true" value="typed"/>' +
      '<ul id="f-title-error" class="field-errors"><li>Title is required</li></ul></div>',
  );
});

test('a textarea keeps its own attributes, and the hint joins the errors in aria-describedby', () => {
  const content = field('content', ['Too long']);
  const html = renderToStaticMarkup(
    <Field
      label="Content"
      field={content}
      textareaProps={{ ...getTextareaProps(content), rows: 4, className: 'post-textarea' }}
      hint="Plain text."
    />,
  );
  expect(html).toBe(
    '<div class="field"><label for="f-content">Content</label>' +
      '<textarea id="f-content" name="content" form="f" aria-invalid="true"' +
      ' aria-describedby="f-content-error f-content-hint" rows="4" class="post-textarea">typed</textarea>' +
      '<p id="f-content-hint" class="field-hint">Plain text.</p>' +
      '<ul id="f-content-error" class="field-errors"><li>Too long</li></ul></div>',
  );
});

test('a valid field without a hint describes nothing', () => {
  const bio = field('bio');
  const html = renderToStaticMarkup(<Field label="Bio" field={bio} textareaProps={getTextareaProps(bio)} />);
  expect(html).not.toContain('aria-describedby');
  expect(html).not.toContain('aria-invalid');
  expect(html).toContain('<textarea id="f-bio" name="bio" form="f">typed</textarea>');
});
