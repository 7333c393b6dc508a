import { type MediaKitSettings, mediaKitSettingsSchema } from '@clipmarket/contracts/media-kit';

/** What the builder's form holds: the settings, with the headline as typed. */
export type BuilderValues = Omit<MediaKitSettings, 'headline'> & { headline: string };
export type BuilderField = keyof BuilderValues;

export const builderValuesOf = (settings: MediaKitSettings): BuilderValues => ({
  ...settings,
  headline: settings.headline ?? '',
});

export const settingsOf = (values: BuilderValues): MediaKitSettings => ({
  ...values,
  headline: values.headline.trim() === '' ? null : values.headline.trim(),
});

/** The catalog key (`media-kit:builder.errors.*`) of a problem with a field. */
export function problemKey(field: BuilderField) {
  if (field === 'headline') return 'builder.errors.headline' as const;
  if (field === 'featured_line_ids') return 'builder.errors.featured' as const;
  if (field === 'cover_file_id') return 'builder.errors.cover' as const;
  return 'builder.errors.invalid' as const;
}

const fields: readonly BuilderField[] = [
  'theme',
  'language',
  'headline',
  'cover_file_id',
  'hidden_sections',
  'featured_line_ids',
  'is_published',
];

/** The form field an API field error names (`featured_line_ids.2` is the videos' field). */
export function builderFieldOf(field: string): BuilderField | null {
  const name = field.split(/[.[]/)[0] as BuilderField;
  return fields.includes(name) ? name : null;
}

/** The problems of the values, checked with the API's own schema: field → catalog key. */
export function problemsOf(values: BuilderValues) {
  const parsed = mediaKitSettingsSchema.safeParse(settingsOf(values));
  if (parsed.success) return {};
  const problems: Partial<Record<BuilderField, ReturnType<typeof problemKey>>> = {};
  for (const issue of parsed.error.issues) {
    const field = builderFieldOf(issue.path.map(String).join('.'));
    if (field && !problems[field]) problems[field] = problemKey(field);
  }
  return problems;
}

/** Moves a featured video one place earlier (-1) or later (+1). */
export function moved(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next[from] = ids[to]!;
  next[to] = id;
  return next;
}
