import { type FieldErrors, issuesToFieldErrors } from '../../lib/field-errors';

// The one story schema from @site/shared, loaded only when the form is used (as on the contact
// page): zod stays out of the page's first JavaScript, the messages stay in one place.
let loading: Promise<typeof import('./schema')> | null = null;
export const loadStorySchema = () => {
  loading ??= import('./schema');
  return loading;
};

/** Every problem at once, one message per field, in the form's order. */
export async function validateStory(data: Record<string, unknown>): Promise<FieldErrors> {
  const { storyInput } = await loadStorySchema();
  const parsed = storyInput.safeParse(data);
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
}
