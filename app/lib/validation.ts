// The forms' zod schemas run in the browser: loaded on demand by useLazyValidation
// (components/validation.ts), never with the page.
import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import * as schemas from './schemas';

export type SchemaName = {
  [K in keyof typeof schemas]: (typeof schemas)[K] extends z.ZodTypeAny ? K : never;
}[keyof typeof schemas];

export const validate = (name: SchemaName, formData: FormData) =>
  parseWithZod(formData, { schema: schemas[name] as z.ZodTypeAny });
