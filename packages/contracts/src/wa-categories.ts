import { z } from 'zod';
import {
  idValue,
  nameText,
  optionalText,
  pagination,
  paginationQuery,
  sortQuery,
} from './common.ts';
import { MAX_PAGE_SIZE } from './paging.ts';

/** Spec §3 "WhatsApp template category", §4 "Category status", §9 limits. */
export const WA_CATEGORY_STATUSES = ['active', 'inactive'] as const;
export type WaCategoryStatus = (typeof WA_CATEGORY_STATUSES)[number];
export const WA_CATEGORY_NAME_MIN = 2;
export const WA_CATEGORY_NAME_MAX = 100;
export const WA_CATEGORY_SLUG_MAX = 100;
export const WA_CATEGORY_ICON_MAX = 2;
export const WA_CATEGORY_DESCRIPTION_MAX = 500;
/** Spec §9: the template form's category picker asks for this many active categories. */
export const WA_CATEGORY_PICKER_LIMIT = MAX_PAGE_SIZE;

export const WA_CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  nameMin: 'Category name must be at least 2 characters',
  nameMax: `Category name must not exceed ${WA_CATEGORY_NAME_MAX} characters`,
  slugRequired: 'Slug is required',
  slugFormat: 'Slug must contain only lowercase letters, numbers, and hyphens',
  slugMax: `Slug must not exceed ${WA_CATEGORY_SLUG_MAX} characters`,
  slugTaken: 'A category with this slug already exists',
  iconMax: 'Icon must be at most 2 characters',
  descriptionMax: `Description must not exceed ${WA_CATEGORY_DESCRIPTION_MAX} characters`,
  orderMin: 'Display order must be 0 or more',
  orderInteger: 'Display order must be a whole number',
  status: 'Status must be active or inactive',
  notFound: 'Category not found',
  invalidForm: 'Please fix all errors before submitting',
  /** The screens' texts (spec §8 "Messages" and the empty states). */
  fetchFailed: 'Error fetching categories',
  createFailed: 'Failed to create category',
  updateFailed: 'Failed to update category',
  deleteFailed: 'Failed to delete category',
  empty: 'No categories found',
} as const;

/** The 409 of a category still used by templates: how many, so the user knows what to move. */
export const categoryInUseMessage = (count: number) =>
  `This category is used by ${count} ${count === 1 ? 'template' : 'templates'} and cannot be deleted. Move or delete ${count === 1 ? 'it' : 'them'} first.`;

/**
 * Spec §5 "Category" auto slug: lower-case the name, remove characters other than letters,
 * digits, spaces and hyphens, turn whitespace runs into one hyphen, collapse repeated hyphens.
 * "Letters" are the slug's own (a-z): accents are dropped first so 'Café' gives 'cafe', and a
 * name in another script gives an empty slug for the user to write, rather than a slug the
 * slug rule would refuse. Hyphens at either end are dropped too.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

const graphemes = (value: string) => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(value)].length;
};

/** Empty text from a form means "none": stored as absent, not as ''. */
const optionalTrimmed = (text: z.ZodString) =>
  text
    .transform((v) => (v === '' ? undefined : v))
    .nullish()
    .transform((v) => v ?? undefined);

/** Spec §5 "Category": non-numeric becomes 0, then a non-negative whole number. */
const displayOrder = z.preprocess(
  (v) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return 0;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isNaN(n) ? 0 : n;
  },
  z
    .number()
    .int(WA_CATEGORY_MESSAGES.orderInteger)
    .min(0, WA_CATEGORY_MESSAGES.orderMin)
    .max(2_147_483_647, WA_CATEGORY_MESSAGES.orderInteger),
);

/** Spec §5 "Category": the form, `POST` and `PUT /wa/template-categories`. */
export const waCategoryInput = z.object({
  name: nameText('Category name', WA_CATEGORY_MESSAGES.nameRequired)
    .min(1, WA_CATEGORY_MESSAGES.nameRequired)
    .min(WA_CATEGORY_NAME_MIN, WA_CATEGORY_MESSAGES.nameMin)
    .max(WA_CATEGORY_NAME_MAX, WA_CATEGORY_MESSAGES.nameMax),
  slug: z
    .string({ error: WA_CATEGORY_MESSAGES.slugRequired })
    .trim()
    .min(1, WA_CATEGORY_MESSAGES.slugRequired)
    .max(WA_CATEGORY_SLUG_MAX, WA_CATEGORY_MESSAGES.slugMax)
    .regex(SLUG_PATTERN, WA_CATEGORY_MESSAGES.slugFormat),
  icon: optionalTrimmed(
    z
      .string()
      .trim()
      .refine((v) => graphemes(v) <= WA_CATEGORY_ICON_MAX, WA_CATEGORY_MESSAGES.iconMax)
      .meta({
        description: `At most ${WA_CATEGORY_ICON_MAX} characters as a reader counts them (grapheme clusters: 👩🏽‍💻 is one)`,
      }),
  ),
  description: optionalTrimmed(
    z.string().trim().max(WA_CATEGORY_DESCRIPTION_MAX, WA_CATEGORY_MESSAGES.descriptionMax),
  ),
  order: displayOrder,
  status: z.enum(WA_CATEGORY_STATUSES, { error: WA_CATEGORY_MESSAGES.status }).default('active'),
});
export type WaCategoryInput = z.input<typeof waCategoryInput>;
export type WaCategoryValues = z.output<typeof waCategoryInput>;

export const waCategory = z.object({
  _id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  order: z.number().int(),
  status: z.enum(WA_CATEGORY_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WaCategory = z.infer<typeof waCategory>;

/** The list's sortable columns (issue 33). */
export const WA_CATEGORY_SORT_KEYS = ['name', 'slug', 'order', 'status', 'created_at'] as const;

export const waCategoriesQuery = paginationQuery.extend({
  search: optionalText,
  status: z
    .enum(['', ...WA_CATEGORY_STATUSES], { error: WA_CATEGORY_MESSAGES.status })
    .optional()
    .transform((v) => (v ? v : undefined)),
  ...sortQuery(WA_CATEGORY_SORT_KEYS),
});
export type WaCategoriesQuery = z.input<typeof waCategoriesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const waCategoriesExportQuery = waCategoriesQuery.omit({ page: true, limit: true });
/** The WhatsApp categories export's header row: the list's columns, with the id. */
export const WA_CATEGORY_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Name',
  slug: 'Slug',
  icon: 'Icon',
  order: 'Order',
  status: 'Status',
  created_at: 'Created At',
} as const;

/** Spec §7: the list answers `categories` and `pagination`. */
export const waCategoriesPage = z.object({ categories: z.array(waCategory), pagination });
export type WaCategoriesPage = z.infer<typeof waCategoriesPage>;

/** Spec §7 names the path parameter `_id`. */
export const waCategoryParams = z.object({ _id: idValue() });

export const WA_CATEGORY_SUCCESS = {
  listed: 'Categories fetched successfully',
  fetched: 'Category fetched successfully',
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
} as const;
