import { z } from 'zod';

/** Spec §7 `/media/upload`: where an upload is used decides what it may be. */
export const MEDIA_TYPES = ['profile_pictures', 'team_logos', 'whatsapp_templates'] as const;
/** The upload route's refusals that belong to no one media type. */
export const MEDIA_MESSAGES = {
  notMultipart: 'Send the files as multipart/form-data',
  typeRequired: 'Please choose what the upload is for',
  fileRequired: 'Please select a file to upload',
} as const;

export const mediaType = z.enum(MEDIA_TYPES, { error: MEDIA_MESSAGES.typeRequired });
export type MediaType = z.infer<typeof mediaType>;

/** Spec §9: 2 MB for pictures and logos, 5 MB for WhatsApp media. */
export const IMAGE_MAX_BYTES = 2_097_152;
export const WA_MEDIA_MAX_BYTES = 5_242_880;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime'] as const;
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** Spec §2 "Team create/edit": a logo is a PNG or JPG. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

export interface MediaRules {
  maxBytes: number;
  mimeTypes: readonly string[];
  /** The file input's `accept` attribute. */
  accept: string;
  tooLarge: string;
  wrongType: string;
}

const rules = (r: Omit<MediaRules, 'accept'>): MediaRules => ({
  ...r,
  accept: r.mimeTypes.join(','),
});

/** What each upload may be, checked by the API on upload and by the screens when a file is picked. */
export const MEDIA_RULES: Record<MediaType, MediaRules> = {
  profile_pictures: rules({
    maxBytes: IMAGE_MAX_BYTES,
    mimeTypes: IMAGE_MIME_TYPES,
    tooLarge: 'Image size should be less than 2MB',
    wrongType: 'Please select a valid image file',
  }),
  team_logos: rules({
    maxBytes: IMAGE_MAX_BYTES,
    mimeTypes: LOGO_MIME_TYPES,
    tooLarge: 'Image size should be less than 2MB',
    wrongType: 'Please select a valid image file',
  }),
  whatsapp_templates: rules({
    maxBytes: WA_MEDIA_MAX_BYTES,
    mimeTypes: [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES, ...DOCUMENT_MIME_TYPES],
    tooLarge: 'File size should be less than 5MB',
    wrongType: 'Please select a valid media file',
  }),
};

/** The message a picked file breaks first under `kind`'s rules, or null when it may be uploaded. */
export function mediaFileProblem(
  kind: MediaType,
  file: { type: string; size: number },
): string | null {
  const rules = MEDIA_RULES[kind];
  if (!rules.mimeTypes.includes(file.type)) return rules.wrongType;
  if (file.size > rules.maxBytes) return rules.tooLarge;
  return null;
}

export const uploadedFile = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
});
export const uploadData = z.object({ files: z.array(uploadedFile) });
export type UploadData = z.infer<typeof uploadData>;

/** The `message` of the API's successful answers in this feature. */
export const MEDIA_SUCCESS = {
  uploaded: 'Files uploaded successfully',
} as const;
