// Helpers for the appointment, customer and SMS tests: booking forms, files, the uploads bucket.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { api } from '../support/api';
import type { Json } from '../support/json';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A date `days` from today (UTC date; bookings are checked in the clinic's zone, a day either side is safe). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface BookingFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  bookingDate?: string;
  bookingTime?: string;
  [field: string]: string | undefined;
}

let counter = 0;

/** A complete, valid booking form; `fields` override, `files` add attachments (name -> [bytes, filename, type]). */
export function bookingForm(fields: BookingFields = {}, files: Record<string, [Buffer, string, string]> = {}): FormData {
  counter++;
  const form = new FormData();
  const values: Record<string, string | undefined> = {
    firstName: 'Pat',
    lastName: `Patient${counter}`,
    gender: 'female',
    email: `pat${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    dob: '1980-05-06',
    bookingDate: inDays(7),
    bookingTime: '09:30',
    preferredLocation: 'Main street',
    reasonOfAppointment: 'Check-up',
    primaryInsurance: 'Acme Health',
    insuranceMemberId: 'AH-123',
    additionalNotes: '',
    appointmentType: 'Consultation',
    ...fields,
  };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.append(k, v);
  for (const [name, [bytes, filename, type]] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** Books as a signed-in member (the console's Book Appointment); throws unless 201. */
export async function book(token: string, fields: BookingFields = {}) {
  const res = await api('POST', '/appointments/book-custom', { token, form: bookingForm(fields) });
  if (res.status !== 201) throw new Error(`book-custom: ${res.status} ${res.body.message}`);
  return res.body.data as { id: string; version: number; status: string; customerId: string; [k: string]: Json };
}

export async function apiKeyOf(token: string): Promise<string> {
  const res = await api('GET', '/organization/integration', { token });
  if (res.status !== 200) throw new Error(`organization/integration: ${res.status}`);
  return res.body.data.apiKey;
}

/** Keys stored in the uploads bucket under a prefix. */
export async function objectsUnder(prefix: string): Promise<string[]> {
  const env = inject('stackEnv');
  const s3 = new S3Client({
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  const out = await s3.send(new ListObjectsV2Command({ Bucket: env.UPLOADS_BUCKET, Prefix: prefix }));
  s3.destroy();
  return (out.Contents ?? []).map((o) => o.Key!);
}

/** A small RFC 4180 reader (quotes, doubled quotes, commas and line breaks inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
