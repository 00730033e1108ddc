// Domain: form packages. What the API shows of a form package (view): form-packages/ and the forms that
// link packages.
//
// What the API shows of a form package: prices in major and minor units with the currency, the image as a key and as its
// /assets address (the console and the public page join keys to the asset base the same way).
import { assetUrl } from '#shared/forms/page';
import { currencyOf, fromMinor } from '#shared/currency';
import type { PublicPackage } from '#shared/forms/types';
import type { FormPackageRecord } from '../../data/form-packages';

export type PackageView = PublicPackage & { createdAt: string; updatedAt: string };

export function toPublicPackage(p: FormPackageRecord): PublicPackage {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    price: fromMinor(p.priceCents, currencyOf(p.currency)),
    priceCents: p.priceCents,
    priceMinor: p.priceCents,
    currency: currencyOf(p.currency),
    image: p.image ?? null,
    imageUrl: assetUrl(p.image),
    customAmountEnabled: p.customAmountEnabled,
    isPayable: p.isPayable,
  };
}

export const toPackageView = (p: FormPackageRecord): PackageView => ({ ...toPublicPackage(p), createdAt: p.createdAt, updatedAt: p.updatedAt });

/** Where a package's images are stored; also the only image keys a package may point at. */
export const packageImagePrefix = (orgId: string, packageId: string) => `org/${orgId}/form-packages/${packageId}`;
