/**
 * Tag rules of the object details page (spec 2 §5): a new tag needs a key and a label, both
 * non-blank; a key the object already has is overwritten. Tags are sent as the whole set, so
 * adding and deleting are computed here from the version's current tags.
 */
export interface TagForm {
  key: string;
  value: string;
}

export function canSaveTag(form: TagForm, saving: boolean): boolean {
  return !saving && form.key.trim() !== '' && form.value.trim() !== '';
}

/** Whether saving replaces an existing tag's label. */
export function overwritesTag(tags: Readonly<Record<string, string>>, form: TagForm): boolean {
  return Object.hasOwn(tags, form.key.trim());
}

export function withTag(tags: Readonly<Record<string, string>>, form: TagForm): Record<string, string> {
  return { ...tags, [form.key.trim()]: form.value.trim() };
}

export function withoutTag(tags: Readonly<Record<string, string>>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(tags).filter(([k]) => k !== key));
}
