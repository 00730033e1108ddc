// POST /leads/update-package-image (multipart: packageId + file): a package's image. Images only,
// at most 4 MB, checked by their bytes; served at /assets/<key>.
import { uploadPackageImageBody, uploadPackageImageReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { IMAGE_TYPES, deleteUpload, storeUpload } from '#lib/storage';
import { getFormPackage, updateFormPackage } from '../data/form-packages';
import { packageImagePrefix, toPackageView } from '#domain/form-packages/view';

export const MAX_PACKAGE_IMAGE_BYTES = MAX_UPLOAD_BYTES;

export const handler = endpoint({ body: uploadPackageImageBody, reply: uploadPackageImageReply }, async ({ body, files, caller }) => {
  const pkg = await getFormPackage(caller.orgId, body.packageId);
  if (!pkg) throw notFound('Package not found.');
  const key = await storeUpload(files.file, { types: IMAGE_TYPES, maxBytes: MAX_PACKAGE_IMAGE_BYTES, prefix: packageImagePrefix(caller.orgId, pkg.id) });
  const now = new Date().toISOString();
  let saved = false;
  try {
    saved = await updateFormPackage(pkg, { image: key, updatedAt: now }, caller.userId, `Changed the image of package "${pkg.name}"`);
  } finally {
    if (!saved) await deleteUpload(key).catch(() => undefined);
  }
  if (!saved) throw notFound('Package not found.');
  if (pkg.image && pkg.image !== key) await deleteUpload(pkg.image).catch(() => undefined);
  return { message: 'The package image is updated.', data: toPackageView({ ...pkg, image: key, updatedAt: now }) };
});
