// The admin's project form (docs/product.md §2, /admin/projects): a multipart POST that works
// without JavaScript. Team rows are added, moved up and removed with conform's list buttons: in
// place with JavaScript, by a round trip to the server without it.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import type { z } from 'zod';
import { assetUrl } from '~/lib/images';
import type { Project } from '~/lib/models';
import { PROJECT_LIMITS } from '~/lib/projects';
import type { ProjectFormSchema } from '~/lib/schemas';
import { ErrorList, Field, FormBanner, ImageInput } from './forms';
import { useIsPending } from './pending';
import { useLazyValidation } from './validation';

type Input = z.input<typeof ProjectFormSchema>;

const fromProject = (project: Project) => ({
  name: project.name,
  slug: project.slug,
  description: project.description,
  url: project.url,
  featured: project.featured,
  tags: project.tags.join(', '),
  team: project.members.map((member) => ({ username: member.user.username, role: member.role })),
});

export function ProjectForm({
  project,
  lastResult,
}: {
  /** the project being edited; null for a new one */
  project: Project | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useIsPending();
  const validation = useLazyValidation('ProjectFormSchema', 'onBlur');
  const [form, fields] = useForm<Input>({
    lastResult,
    defaultValue: project ? fromProject(project) : { team: [{}] },
    ...validation.options,
  });
  const team = fields.team.getFieldList();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      {...validation.formProps}
      noValidate
      className="card admin-form project-form"
    >
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label="Name"
        field={fields.name}
        inputProps={getInputProps(fields.name, { type: 'text' })}
        required
      />
      <Field
        label="Slug"
        field={fields.slug}
        inputProps={getInputProps(fields.slug, { type: 'text' })}
        hint="The project's address: /portfolio/slug. Lower-case letters, digits and hyphens; leave empty to make it from the name."
      />
      <Field
        label="Description"
        field={fields.description}
        textareaProps={{
          ...getTextareaProps(fields.description),
          rows: 6,
          maxLength: PROJECT_LIMITS.description,
        }}
      />
      <Field
        label="Website"
        field={fields.url}
        inputProps={getInputProps(fields.url, { type: 'url' })}
        hint="Optional. A full address, like https://example.com."
      />
      <Field
        label="Tags"
        field={fields.tags}
        inputProps={getInputProps(fields.tags, { type: 'text' })}
        hint={`Separated by commas, up to ${PROJECT_LIMITS.tags}. The first is shown as the project's focus.`}
      />
      <Checkbox field={fields.featured} label="Featured (shown first on the portfolio)" />
      {project?.banner ? (
        <img src={assetUrl(project.banner.id, 340)} alt="The current banner" className="current-image" />
      ) : null}
      <ImageInput
        field={fields.banner}
        label="Banner"
        chosen={false}
        hint={`Optional. A wide image, at most 5 MB.${project?.banner ? ' A banner is saved; choose another to replace it.' : ''}`}
      />
      {project?.banner ? <Checkbox field={fields.removeBanner} label="Remove the banner" /> : null}
      {project?.logo ? (
        <img
          src={assetUrl(project.logo.id, 340)}
          alt="The current logo"
          className="current-image current-logo"
        />
      ) : null}
      <ImageInput
        field={fields.logo}
        label="Logo"
        chosen={false}
        hint={`Optional. A square image, at most 5 MB.${project?.logo ? ' A logo is saved; choose another to replace it.' : ''}`}
      />
      {project?.logo ? <Checkbox field={fields.removeLogo} label="Remove the logo" /> : null}

      <fieldset className="field team-rows">
        <legend>Team</legend>
        <p className="field-hint">
          Members by username, each with a role, in the order the project page shows them.
        </p>
        {team.map((row, index) => {
          const member = row.getFieldset();
          return (
            <div key={row.key} className="team-row">
              <Field
                label={`Username ${index + 1}`}
                field={member.username}
                inputProps={{ ...getInputProps(member.username, { type: 'text' }), autoComplete: 'off' }}
              />
              <Field
                label={`Role ${index + 1}`}
                field={member.role}
                inputProps={getInputProps(member.role, { type: 'text' })}
              />
              <div className="row-actions">
                {index > 0 ? (
                  <button
                    {...form.reorder.getButtonProps({ name: fields.team.name, from: index, to: index - 1 })}
                    className="button button-small button-secondary"
                    aria-label={`Move team member ${index + 1} up`}
                  >
                    Move up
                  </button>
                ) : null}
                <button
                  {...form.remove.getButtonProps({ name: fields.team.name, index })}
                  className="button button-small button-secondary"
                  aria-label={`Remove team member ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </div>
          );
        })}
        {team.length < PROJECT_LIMITS.team ? (
          <button
            {...form.insert.getButtonProps({ name: fields.team.name })}
            className="button button-small button-secondary"
          >
            Add team member
          </button>
        ) : null}
        <ErrorList id={fields.team.errorId} errors={fields.team.errors} />
      </fieldset>

      <div className="button-row">
        <Link to="/admin/projects" className="button button-secondary">
          Cancel
        </Link>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : project ? 'Save project' : 'Create project'}
        </button>
      </div>
    </Form>
  );
}

function Checkbox({ field, label }: { field: Parameters<typeof getInputProps>[0]; label: string }) {
  return (
    <div className="field">
      <label className="checkbox">
        <input {...getInputProps(field, { type: 'checkbox' })} /> {label}
      </label>
    </div>
  );
}
