// PATCH /users/profile-picture (multipart, field `file`): answers with the new picture's key.
import { api } from '../../../lib/api';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '#shared/uploads';

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_PICTURE_BYTES = MAX_UPLOAD_BYTES;

/** The message for a file the server would refuse, or undefined when it is fine. */
export function pictureProblem(file: File): string | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF image.';
  if (file.size > MAX_PICTURE_BYTES) return `The picture must be ${MAX_UPLOAD_LABEL} or smaller.`;
  return undefined;
}

export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.patch('/users/profile-picture', undefined, { form });
}

