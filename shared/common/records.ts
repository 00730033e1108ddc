// The common records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from './schemas';
import { MODULES } from '../modules';

/** `PermissionEntry` (shared/permissions.ts). */
export const permissionEntryRecord = /* @__PURE__ */ pure(() => z.object({
  module: z.enum(MODULES),
  read: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
}));

/**
 * `PublicBrand`: how a clinic's public pages look (issue 34), as its mails do: its logo (a path on the
 * site, /assets/..., or null) and its colour ('#rrggbb', or null when it chose none: the product's).
 */
export const publicBrandRecord = /* @__PURE__ */ pure(() => z.object({
  logoUrl: z.nullable(z.string()),
  color: z.nullable(z.string()),
}));
