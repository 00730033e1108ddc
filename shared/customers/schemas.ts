// Customers: the people a clinic serves (spec: fields "not shown"). Found again by email or phone,
// each unique within the organisation; a public request or a staff booking finds or creates one.
import * as z from 'zod/mini';
import { GENDERS } from '../account/schemas';
import { optionalPhone, pageOf, pure, requiredString } from '../common/schemas';
import { isoDatePart } from '../appointments/schemas';
import { appointmentViewRecord } from '../appointments/records';

const optionalText = (max: number, label: string) =>
  z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)), z.transform((v) => v || undefined)));

export const customerSchema = z
  .object({
    firstName: requiredString('First name is required', z.maxLength(50, 'Maximum 50 symbols')),
    lastName: requiredString('Last name is required', z.maxLength(50, 'Maximum 50 symbols')),
    email: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.toLowerCase(), z.maxLength(100, 'Maximum 100 symbols')),
        z.transform((v, ctx) => {
          if (!v) return undefined;
          if (!z.email().safeParse(v).success) ctx.issues.push({ code: 'custom', message: 'Invalid email address', input: v });
          return v;
        }),
      ),
    ),
    phone: optionalPhone(),
    gender: z.optional(z.pipe(z.string(), z.transform((v, ctx) => {
      if (!v) return undefined;
      if (!GENDERS.includes(v as (typeof GENDERS)[number])) ctx.issues.push({ code: 'custom', message: 'Please select a valid gender', input: v });
      return v as (typeof GENDERS)[number];
    }))),
    dob: z.optional(z.pipe(z.string(), z.transform((v, ctx) => {
      if (!v) return undefined;
      const date = isoDatePart(v);
      if (!date || date > new Date().toISOString().slice(0, 10) || date < '1900-01-01') {
        ctx.issues.push({ code: 'custom', message: 'Date of birth must be a valid date in the past', input: v });
      }
      return date ?? v;
    }))),
    notes: optionalText(2000, 'Notes'),
    version: z.optional(z.int('version must be a whole number').check(z.minimum(1, 'version must be a whole number'))),
  })
  .check(
    z.refine((c) => Boolean(c.email || c.phone), { message: 'Please enter an email or a phone number', path: ['email'] }),
  );
export type CustomerInput = z.infer<typeof customerSchema>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** One customer as the operations below answer it. */
export const customerView = /* @__PURE__ */ pure(() => z.object({
  fullName: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  gender: z.optional(z.string()),
  dob: z.optional(z.string()),
  notes: z.optional(z.string()),
  /** Appointments linked to this customer (kept with each booking). */
  appointmentCount: z.number(),
  lastAppointmentAt: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
}));

/** `data` of POST /customers. */
export const createCustomerReply = customerView;

/** `data` of GET /customers. */
export const listCustomersReply = /* @__PURE__ */ pure(() => pageOf(customerView));

/** `data` of GET /customers/{id}: the customer with their appointments. */
export const getCustomerReply = /* @__PURE__ */ pure(() => z.extend(customerView, { appointments: z.array(appointmentViewRecord) }));

/** `data` of PUT /customers/{id}. */
export const updateCustomerReply = customerView;
