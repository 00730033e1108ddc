// Upload a profile picture (multipart field `file`): images only, at most 5 MB.
import { uploadProfilePictureReply } from '#shared/account/schemas';
import { endpoint } from '#http/http';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { IMAGE_TYPES, deleteUpload, storeUpload } from '#lib/storage';
import { getUser, updateUser } from '../data/users';

export const MAX_PICTURE_BYTES = MAX_UPLOAD_BYTES;

export const handler = endpoint({ reply: uploadProfilePictureReply }, async ({ files, caller }) => {
  const key = await storeUpload(files.file, { types: IMAGE_TYPES, maxBytes: MAX_PICTURE_BYTES, prefix: `org/${caller.orgId}/users/${caller.userId}` });
  const previous = (await getUser(caller.userId))?.profilePictureKey;
  await updateUser(caller.userId, { profilePictureKey: key });
  if (previous && previous !== key) await deleteUpload(previous).catch(() => undefined);
  return { message: 'Your profile picture is updated.', data: { profilePictureUrl: key } };
});
