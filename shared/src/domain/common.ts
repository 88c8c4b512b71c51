import * as z from 'zod';
import { LIMITS } from '../constants.ts';

/** Ids are ULIDs (26 Crockford base32 characters) or UUIDs; anything else is refused early. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const isoDateTime = z.iso.datetime({ offset: true });

export const trimmed = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const emailSchema = z.string().trim().toLowerCase().max(LIMITS.email).pipe(z.email());

/** An uploaded media reference: a site-relative /media/ path or an https URL. */
export const mediaUrlSchema = z
  .string()
  .max(LIMITS.url)
  .refine((v) => v.startsWith('/media/') || /^https:\/\//.test(v), 'must be a /media/ path or an https URL');

export const pageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/**
 * The file a browser asks to upload under `rule` (content type and size), checked before
 * anything is signed; `messages` are the ones its page shows for a wrong type or size.
 */
export const uploadFileShape = <const Types extends readonly string[]>(
  rule: { readonly contentTypes: Types; readonly maxBytes: number },
  messages: { readonly type: string; readonly size: string },
) => ({
  contentType: z.enum(rule.contentTypes, { error: messages.type }),
  size: z.number().int().min(1, 'The file is empty').max(rule.maxBytes, messages.size),
});

/** An edit: any of `shape`'s fields and nothing else, at least one of them given. */
export const changesOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .strictObject(shape)
    .partial()
    .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to change');
