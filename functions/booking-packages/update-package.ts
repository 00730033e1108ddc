// PUT /bookings/packages/{id}: change any of a package's fields; { isActive: false } deactivates it
// (it leaves the public booking page; bookings made already stay). Saved against the version read, so
// two racing edits cannot lose each other's fields.
import { bookingPackageUpdateSchema, bookingPackagesUpdatePackageReply } from '#shared/bookings/schemas';
import { badRequest, conflict, notFound } from '#lib/errors';
import { currencyOf } from '#shared/currency';
import { endpoint } from '#http/http';
import { getOrgCurrency } from '../data/organizations';
import { getBookingPackage, saveBookingPackage, type BookingPackageRecord } from '../data/booking-packages';
import { TRY_AGAIN, retryOnConflict } from '../data/core';
import { knownPractitioners } from './lib/practitioners';
import { modeAfter, paymentSettings, priceFor } from './lib/payment-settings';
import { checkIntake } from './lib/intake-form';
import { seriesSettings } from './lib/series-settings';
import { PACKAGE_NOT_FOUND, toBookingPackageView } from '#domain/booking-packages/view';

export const handler = endpoint({ body: bookingPackageUpdateSchema, reply: bookingPackagesUpdatePackageReply }, async ({ body, params, caller }) => {
  const changed = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
  if (changed.length === 0) throw badRequest('Nothing to change.');
  // A new price is in the clinic's currency now; an unchanged one keeps its own.
  const currency = body.packagePrice === undefined ? undefined : await getOrgCurrency(caller.orgId);
  return retryOnConflict(async () => {
    const existing = await getBookingPackage(caller.orgId, params.id ?? '', true);
    if (!existing || existing.deletedAt) throw notFound(PACKAGE_NOT_FOUND);
    const price = currency ? priceFor(modeAfter(body, existing), body.packagePrice, currency) : undefined;
    // The deposit and fees are in the price's currency: the new one with a new price, else the package's.
    const payment = paymentSettings(body, price ?? existing.packagePriceCents, currency ?? currencyOf(existing.currency), existing);
    let now = new Date().toISOString();
    if (now <= existing.updatedAt) now = new Date(Date.parse(existing.updatedAt) + 1).toISOString();
    const next: BookingPackageRecord = {
      ...existing,
      packageName: body.packageName ?? existing.packageName,
      packagePriceCents: price ?? existing.packagePriceCents,
      ...(currency ? { currency } : {}),
      packageDescription: body.packageDescription ?? existing.packageDescription,
      redirectionUrl: body.redirectionUrl ?? existing.redirectionUrl,
      isActive: body.isActive ?? existing.isActive,
      durationMinutes: body.durationMinutes === undefined ? (existing.durationMinutes ?? null) : body.durationMinutes,
      bufferBeforeMinutes: body.bufferBeforeMinutes ?? existing.bufferBeforeMinutes ?? 0,
      bufferAfterMinutes: body.bufferAfterMinutes ?? existing.bufferAfterMinutes ?? 0,
      slotGridMinutes: body.slotGridMinutes === undefined ? (existing.slotGridMinutes ?? null) : body.slotGridMinutes,
      minNoticeMinutes: body.minNoticeMinutes === undefined ? (existing.minNoticeMinutes ?? null) : body.minNoticeMinutes,
      maxDaysAhead: body.maxDaysAhead === undefined ? (existing.maxDaysAhead ?? null) : body.maxDaysAhead,
      practitionerIds: body.practitionerIds === undefined ? (existing.practitionerIds ?? []) : await knownPractitioners(caller.orgId, body.practitionerIds),
      ...payment,
      ...seriesSettings(body, payment, existing),
      ...(body.intakeFormId === undefined && body.intakeTiming === undefined
        ? {}
        : await checkIntake(caller.orgId, body.intakeFormId === undefined ? (existing.intakeFormId ?? null) : body.intakeFormId, body.intakeTiming === undefined ? existing.intakeTiming : body.intakeTiming)),
      updatedAt: now,
    };
    const summary =
      body.isActive !== undefined && body.isActive !== existing.isActive && changed.length === 1
        ? `${next.isActive ? 'Activated' : 'Deactivated'} booking package "${next.packageName}"`
        : `Updated booking package "${next.packageName}" (${changed.join(', ')})`;
    if (await saveBookingPackage(existing, next, { actorId: caller.userId, action: 'update', summary })) {
      return { message: 'Booking package saved.', data: toBookingPackageView(next) };
    }
    return TRY_AGAIN; // deleted or changed meanwhile: read again
  }, { attempts: 3, exhausted: () => conflict('The package was changed by someone else meanwhile. Please reload and try again.') });
});
