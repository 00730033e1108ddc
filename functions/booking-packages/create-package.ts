// POST /bookings/packages: a new booking package. Price in major units of the clinic's currency,
// checked by its rules and stored in minor units with the currency; how it is paid (in full, a deposit,
// a card held for fees, at the clinic) with its amounts in the same currency (lib/payment-settings.ts).
import { bookingPackageSchema, bookingPackagesCreatePackageReply } from '#shared/bookings/schemas';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { getOrgCurrency } from '../data/organizations';
import { createBookingPackage, type BookingPackageRecord } from '../data/booking-packages';
import { knownPractitioners } from './lib/practitioners';
import { modeAfter, paymentSettings, priceFor } from './lib/payment-settings';
import { checkIntake } from './lib/intake-form';
import { seriesSettings } from './lib/series-settings';
import { toBookingPackageView } from '#domain/booking-packages/view';

export const handler = endpoint({ body: bookingPackageSchema, reply: bookingPackagesCreatePackageReply }, async ({ body, caller }) => {
  const currency = await getOrgCurrency(caller.orgId);
  const price = priceFor(modeAfter(body), body.packagePrice, currency);
  const payment = paymentSettings(body, price, currency);
  const now = new Date().toISOString();
  const pkg: BookingPackageRecord = {
    id: randomId(10),
    orgId: caller.orgId,
    packageName: body.packageName,
    packagePriceCents: price,
    currency,
    packageDescription: body.packageDescription,
    redirectionUrl: body.redirectionUrl,
    isActive: body.isActive,
    durationMinutes: body.durationMinutes ?? null,
    bufferBeforeMinutes: body.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: body.bufferAfterMinutes ?? 0,
    slotGridMinutes: body.slotGridMinutes ?? null,
    minNoticeMinutes: body.minNoticeMinutes ?? null,
    maxDaysAhead: body.maxDaysAhead ?? null,
    practitionerIds: await knownPractitioners(caller.orgId, body.practitionerIds ?? []),
    ...payment,
    ...seriesSettings(body, payment),
    ...(await checkIntake(caller.orgId, body.intakeFormId ?? null, body.intakeTiming)),
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await createBookingPackage(pkg, caller.userId);
  return { status: 201, message: 'Booking package saved.', data: toBookingPackageView(pkg) };
});
