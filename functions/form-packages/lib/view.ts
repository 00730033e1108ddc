// What the API shows of a form package: prices in dollars and cents, the image as a key and as its
// /assets address (the console and the public page join keys to the asset base the same way).
import { assetUrl } from '#shared/forms/page';
import { centsToDollars } from '#shared/forms/validate';
import type { PublicPackage } from '#shared/forms/types';
import type { FormPackageRecord } from '../../data/form-packages';

export type PackageView = PublicPackage & { createdAt: string; updatedAt: string };

export function toPublicPackage(p: FormPackageRecord): PublicPackage {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    price: centsToDollars(p.priceCents),
    priceCents: p.priceCents,
    image: p.image ?? null,
    imageUrl: assetUrl(p.image),
    customAmountEnabled: p.customAmountEnabled,
    isPayable: p.isPayable,
  };
}

export const toPackageView = (p: FormPackageRecord): PackageView => ({ ...toPublicPackage(p), createdAt: p.createdAt, updatedAt: p.updatedAt });

/** Where a package's images are stored; also the only image keys a package may point at. */
export const packageImagePrefix = (orgId: string, packageId: string) => `org/${orgId}/form-packages/${packageId}`;
