// PUT /packages/{id}: save a package as a whole (the image stays unless `image: null` clears it).
// A cleared image's file stays in the bucket: deleting it here would put the S3 client (~230 KB) in
// this function; replaced images are deleted by the upload route, which has the client anyway.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { formPackageSchema } from '#shared/schemas/forms';
import { ddb } from '#lib/dynamo';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getFormPackage, updateFormPackageItem } from '../data/form-packages';
import { packageFields } from './lib/input';
import { toPackageView } from './lib/view';

export const handler = endpoint({ body: formPackageSchema }, async ({ body, params, caller }) => {
  const existing = await getFormPackage(caller.orgId, params.id!);
  if (!existing) throw notFound('Package not found.');
  const fields = packageFields(caller.orgId, existing.id, body);
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          updateFormPackageItem(caller.orgId, existing.id, { ...fields, updatedAt: now }),
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'update', recordType: 'form-package', recordId: existing.id, summary: `Saved package "${fields.name}"`, at: now }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Package not found.');
    throw error;
  }
  return { message: 'Package saved.', data: toPackageView({ ...existing, ...fields, image: fields.image === undefined ? existing.image : fields.image, updatedAt: now }) };
});
