// An owner with a little of everything, set up over the API for the browser tests that walk the
// console: members, a service, customers, SMS, forms with a lead, form packages, booking packages with
// a booking, a practitioner, and appointments. Also the cookie that signs a browser profile in as that owner.
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { challengeHeaders } from '../support/challenge';
import { appUrl, codeFor, stackUrl, testClientHeaders, uniqueEmail } from './browser';
import type { Json } from '../support/json';

/** The stack's API, JSON in and out; throws on a status of 300 or more, or other than `expect` when given. */
export async function call<T = Json>(method: string, path: string, options: { body?: unknown; form?: FormData; token?: string; expect?: number } = {}) {
  // The public writes' proof-of-work challenge, solved as the pages do.
  const headers: Record<string, string> = { ...testClientHeaders(), ...(await challengeHeaders(`${stackUrl('appUrl')}/api`, method, path, options)) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.form;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${stackUrl('appUrl')}/api${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: { message: string; data: T };
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { message: text, data: undefined as T };
  }
  if (res.status >= 300 || (options.expect !== undefined && res.status !== options.expect)) throw new Error(`${method} ${path}: ${res.status} ${parsed.message}`);
  return parsed.data;
}

const ALL_OFF = ['Appointment', 'Members', 'Notifications', 'FORMS', 'BOOKING_PACKAGES'].map((module) => ({ module, read: false, write: false, delete: false }));

function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function appointmentForm(i: number): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    firstName: `Patricia-Alexandra${i}`,
    lastName: `Longname-Whitfield${i}`,
    gender: 'female',
    email: `patricia.alexandra.longname${i}-${randomUUID().slice(0, 6)}@example.com`,
    phone: `+1555${String(1_000_000 + i).padStart(7, '0')}`,
    dob: '1980-05-06',
    bookingDate: dayAhead(5 + i),
    bookingTime: '09:30',
    preferredLocation: 'Main street clinic, second floor',
    reasonOfAppointment: 'Annual check-up and a follow-up on the blood tests',
    primaryInsurance: 'Acme Health',
    insuranceMemberId: `AH-${i}`,
    additionalNotes: '',
    appointmentType: 'Consultation',
  };
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
}

export interface OwnerWithData {
  email: string;
  token: string;
  ids: { member: string; appointment: string; customer: string; bookingPackage: string; booking: string; form: string; formPackage: string; lead: string; practitioner: string; series: string };
}

/** The organisation a new owner sets up (name, legal name, website, phone; optionally its time zone and currency). */
export type NewClinic = { name: string; legalName: string; websiteUrl: string; phoneNumber: string; timeZone?: string; currency?: string };

/** "<tag> Clinic" in New York (the default zone), charging in dollars. */
export const plainClinic = (tag: string): NewClinic => ({ name: `${tag} Clinic`, legalName: `${tag} Clinic LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' });

/**
 * A new owner signed up over the API as a person does (email code, details, organisation): their
 * email, password and the session token of their clinic. `owner` changes the owner's own details.
 */
export async function newClinicOwner(tag: string, clinic: NewClinic = plainClinic(tag), owner: { firstName?: string; phoneNumber?: string } = {}) {
  const email = uniqueEmail(tag);
  const password = 'Secret-123';
  await call('POST', '/users/register-email', { body: { email, password } });
  const verified = await call('POST', '/users/verify-email-otp', { body: { email, password, otp: await codeFor(email) } });
  await call('POST', '/users/add-basic-details', {
    token: verified.token,
    body: { username: `${tag}${randomUUID().slice(0, 6)}`, firstName: owner.firstName ?? 'Olive', lastName: 'Owner', phoneNumber: owner.phoneNumber ?? '+15551234567', gender: 'female' },
  });
  const org = await call('POST', '/users/add-organization', { token: verified.token, body: { ...clinic, email } });
  return { email, password, token: org.token as string };
}

/** newClinicOwner, and the API key of the clinic's public pages. */
export async function newClinicWithKey(tag: string, clinic: NewClinic = plainClinic(tag)) {
  const owner = await newClinicOwner(tag, clinic);
  const { apiKey } = await call<{ apiKey: string }>('GET', '/organization/integration', { token: owner.token });
  return { ...owner, apiKey };
}

/** A new owner (signed up over the API) and their clinic's data. */
export async function ownerWithData(tag = 'owner'): Promise<OwnerWithData> {
  const { email, token } = await newClinicOwner(tag, { name: 'Riverside Family Clinic', legalName: 'Riverside Family Clinic LLC', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' });
  const t = { token };

  const members = [];
  for (const [first, last] of [['Maximiliana', 'Featherstonehaugh'], ['Bob', 'Lim']]) {
    members.push(
      await call('POST', '/organization/members/add', {
        ...t,
        body: { email: uniqueEmail('member'), firstName: first, lastName: last, permissions: ALL_OFF.map((p) => (p.module === 'Appointment' ? { ...p, read: true, write: true } : p)) },
      }),
    );
  }
  const category = await call('POST', '/service-categories', { ...t, body: { name: 'Physiotherapy and rehabilitation' } });
  await call('POST', '/services', { ...t, body: { categoryId: category.id, name: 'Sports injury assessment (extended)', durationMinutes: 45, priceCents: 12500 } });
  await call('POST', '/services', { ...t, body: { categoryId: category.id, name: 'Massage', durationMinutes: 30, priceCents: 6000 } });
  const customer = await call('POST', '/customers', { ...t, body: { firstName: 'Carla', lastName: 'Customer-Hernandez', email: 'carla.customer.hernandez@example.com', phone: '+15550001111' } });
  await call('POST', '/sms', { ...t, body: { phone: '+15551239876', message: 'Your appointment tomorrow at 09:30 is confirmed. Reply STOP to opt out.' } });

  const formPackage = await call('POST', '/packages', { ...t, body: { name: 'Standard assessment', description: '<p>Our <b>standard</b> plan</p>', price: 49.5, customAmountEnabled: false, isPayable: true } });
  const form = await call('POST', '/form-builder/form', {
    ...t,
    body: {
      name: 'New patient intake questionnaire',
      description: 'Tell us about you before your first visit',
      fields: [
        { id: 'name', label: 'Full name', type: 'text', required: true },
        { id: 'email', label: 'Email', type: 'email', required: true },
      ],
      redirectUrl: '/thanks',
      successMessage: 'Thanks, we will call you.',
      submitButtonText: 'Send',
      secondButtonText: '',
      packageIds: [formPackage.id],
    },
  });
  await call('POST', '/forms/create', { ...t, body: { formName: 'Callback request' } }).catch(() => undefined);
  const integration = await call('GET', '/organization/integration', t);
  const apiKey = (integration.apiKey ?? integration.integrationKey) as string;
  await call('POST', `/form-builder/form/${form.id}/submissions`, {
    body: { apiKey, items: [{ fieldId: 'name', value: 'Lena Lead' }, { fieldId: 'email', value: 'lena.lead@example.com' }] },
  });
  const leads = await call('GET', '/leads', t);
  const lead = (leads.items ?? leads)[0];

  const everyDay = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
  await call('PUT', '/bookings/availability', { ...t, body: { weeklyHours: everyDay, slotMinutes: 60, capacity: 2, closedDates: [], maxDaysAhead: 400 } });
  const bookingPackage = await call('POST', '/bookings/packages', {
    ...t,
    body: { packageName: 'Initial consultation with a senior physiotherapist', packagePrice: 49.5, packageDescription: 'Sixty minutes.', redirectionUrl: 'https://clinic.example.com/thanks' },
  });
  // A practitioner with a lunch break and a day off (issue 25), offering the follow-up; its page is
  // visited with this id (console-urls.ts).
  const weekdays = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => [d, [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '18:00' }]]));
  const practitioner = await call('POST', '/practitioners', {
    ...t,
    body: { name: 'Dr Alexandra Longname-Whitfield', title: 'Senior physiotherapist', memberId: null, color: '#cc3366', weeklyHours: { ...weekdays, saturday: [], sunday: [] }, exceptions: [{ date: dayAhead(30), hours: [], note: 'Conference' }] },
  });
  await call('POST', '/bookings/packages', { ...t, body: { packageName: 'Follow-up', packagePrice: 30, durationMinutes: 30, bufferAfterMinutes: 10, practitionerIds: [practitioner.id] } });
  await call('POST', '/bookings/create-booking', {
    body: { apiKey, packageId: bookingPackage.id, firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('visitor'), phoneNumber: '+15551234567', bookingDate: dayAhead(3), bookingTime: '10:00' },
  });
  const bookings = await call('GET', '/bookings', t);
  const booking = (bookings.items ?? bookings)[0];
  // A series of two weekly visits (issue 37): its page is visited with this id (console-urls.ts).
  const series = await call('POST', '/bookings/series', {
    ...t,
    body: { packageId: bookingPackage.id, firstName: 'Sam', lastName: 'Series', email: uniqueEmail('series'), phoneNumber: '+15551230000', startDate: dayAhead(7), time: '14:00', everyWeeks: 1, count: 2, visits: [{ date: dayAhead(7), time: '14:00' }, { date: dayAhead(14), time: '14:00' }] },
  });

  let appointment = '';
  for (let i = 0; i < 3; i++) appointment = (await call('POST', '/appointments/book-custom', { ...t, form: appointmentForm(i) })).id;

  return {
    email,
    token,
    ids: { member: members[0].id ?? members[0].userId, appointment, customer: customer.id, bookingPackage: bookingPackage.id, booking: booking.id, form: form.id, formPackage: formPackage.id, lead: lead.id, practitioner: practitioner.id, series: series.id },
  };
}

/** Signs a browser profile in as `token` (the cookie the console itself sets). */
export async function signIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, domain: new URL(appUrl()).hostname, path: '/', sameSite: 'Strict' }]);
}
