// DELETE /packages/{id}. Forms that offered it stop showing it (forms read their packages by id and
// skip missing ones); leads and payments keep the package's name. Its image file stays in the
// bucket (no S3 client in this function, see update-package.ts).
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#lib/dynamo';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { deleteFormPackageItem, getFormPackage } from '../data/form-packages';

export const handler = endpoint({}, async ({ params, caller }) => {
  const pkg = await getFormPackage(caller.orgId, params.id!);
  if (!pkg) throw notFound('Package not found.');
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          deleteFormPackageItem(caller.orgId, pkg.id),
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'FORMS', action: 'delete', recordType: 'form-package', recordId: pkg.id, summary: `Deleted package "${pkg.name}"` }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Package not found.');
    throw error;
  }
  return { message: 'Package deleted.', data: { id: pkg.id } };
});
