// The clinic the accessibility and keyboard tests visit: an owner with data (owner-with-data.ts), a
// form laid out as package cards (two packages, so Select opens the modal) and a patient's manage link.
import { inject } from 'vitest';
import { uniqueEmail } from './browser';
import { call, ownerWithData, type OwnerWithData } from './owner-with-data';

export interface A11yFixture {
  owner: OwnerWithData;
  apiKey: string;
  /** A form laid out as package cards (two packages), whose Select opens the modal. */
  cardsForm: string;
  manageLink: string;
}

export async function a11yFixture(): Promise<A11yFixture> {
  const owner = await ownerWithData('a11y');
  const t = { token: owner.token };
  const integration = await call('GET', '/organization/integration', t);
  const apiKey = integration.apiKey as string;
  const second = await call('POST', '/packages', { ...t, body: { name: 'Follow-up visit', description: '<p>A shorter visit.</p>', price: 25, customAmountEnabled: false, isPayable: true } });
  const form = await call('POST', '/form-builder/form', {
    ...t,
    body: {
      name: 'Choose your plan',
      description: 'Pick a package, then tell us about you.',
      fields: [
        { id: 'name', label: 'Full name', type: 'text', required: true },
        { id: 'email', label: 'Email', type: 'email', required: true },
        { id: 'consent', label: 'Consent', type: 'checkbox', required: false },
      ],
      packageIds: [owner.ids.formPackage, second.id],
    },
  });
  // An appointment request whose confirmation mail carries the patient's manage link.
  const patient = uniqueEmail('a11y-patient');
  const request = new FormData();
  const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const fields = { firstName: 'Ana', lastName: 'Patient', gender: 'female', email: patient, phone: '+15551112222', dob: '1985-01-02', bookingDate: day, bookingTime: '11:00', preferredLocation: 'Main', reasonOfAppointment: 'Check-up', appointmentType: 'Massage', organizationApiKey: apiKey };
  for (const [k, v] of Object.entries(fields)) request.append(k, v);
  await call('POST', '/public/appointments/book-custom', { form: request });
  const manageLink = await manageLinkFor(patient);
  return { owner, apiKey, cardsForm: form.id, manageLink };
}

async function manageLinkFor(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const store = (await (await fetch(`${inject('inboxUrl')}/store`)).json()) as { emails: { destination?: { to?: string[] }; body?: { text?: string } }[] };
    for (const mail of store.emails.filter((m) => m.destination?.to?.some((to) => to.toLowerCase() === address.toLowerCase()))) {
      const link = /(https?:\/\/\S+\/manage(?:\?lang=[a-z]+)?#[A-Za-z0-9_-]+)/.exec(mail.body?.text ?? '')?.[1];
      if (link) return new URL(link).pathname + new URL(link).hash;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No manage link mailed to ${address}`);
}

