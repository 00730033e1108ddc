// The API's contract for its clients: each operation of functions/routes.ts ('METHOD /path', the
// route table's own spelling) with the schemas its handler declares (endpoint({ body, query, reply })).
// The web types its calls from it (web/src/lib/api.ts: a call's method and path give its body's,
// its query's and its reply's types), importing TYPES only, so no schema reaches the public pages' bundles.
// It cannot drift: shared/api-contract.test.ts checks that every route row has its entry, that each
// entry's schemas are the very objects its handler's `contract` holds, and that no entry lacks a row.
// Adding an endpoint: its row, its handler, then its entry here (the test names what is missing).
import type * as z from 'zod/mini';
import * as account from './schemas/account';
import * as appointments from './schemas/appointments';
import * as bookingConfirmation from './schemas/booking-confirmation';
import * as bookings from './schemas/bookings';
import * as calendar from './schemas/calendar';
import * as calendarFeeds from './schemas/calendar-feeds';
import * as challenge from './schemas/challenge';
import * as common from './schemas/common';
import * as customers from './schemas/customers';
import * as forms from './schemas/forms';
import * as manage from './schemas/manage';
import * as organization from './schemas/organization';
import * as practitioners from './schemas/practitioners';
import * as reports from './schemas/reports';
import * as services from './schemas/services';
import * as sms from './schemas/sms';
import * as webhooks from './schemas/webhooks';

/** A reply that is not JSON (CSV, an iCalendar feed): its media type, as the handler's rawReply(). */
const raw = <T extends string>(rawMediaType: T) => ({ rawMediaType });

type Schema = z.ZodMiniType;
interface OperationSchemas {
  body?: Schema;
  query?: Schema;
  reply: Schema | { rawMediaType: string };
}

export const API_CONTRACT = {
  'POST /users/register-email': { body: account.credentialsSchema, reply: account.registerEmailReply },
  'POST /users/verify-email-otp': { body: account.verifyEmailSchema, reply: account.verifyEmailOtpReply },
  'POST /users/login': { body: account.credentialsSchema, reply: account.loginReply },
  'POST /users/password/forgot': { body: account.forgotPasswordSchema, reply: common.noData },
  'POST /users/password/reset': { body: account.resetPasswordSchema, reply: common.noData },
  'POST /users/add-basic-details': { body: account.basicDetailsSchema, reply: account.addBasicDetailsReply },
  'POST /users/add-organization': { body: organization.newOrganizationSchema, reply: organization.addOrganizationReply },
  'GET /users/profile': { reply: account.accountGetProfileReply },
  'PATCH /users/profile': { body: account.profileUpdateSchema, reply: account.accountUpdateProfileReply },
  'PATCH /users/password/change': { body: account.changePasswordSchema, reply: common.noData },
  'PATCH /users/profile-picture': { reply: account.uploadProfilePictureReply },
  'GET /users/profile-picture': { reply: account.getProfilePictureReply },
  'DELETE /users': { reply: common.noData },
  'GET /users/roles-permissions': { reply: account.getRolesPermissionsReply },
  'POST /users/login/two-factor': { body: account.loginTwoFactorSchema, reply: account.loginTwoFactorReply },
  'POST /users/two-factor/setup': { reply: account.setupTwoFactorReply },
  'POST /users/two-factor/enable': { body: account.enableTwoFactorSchema, reply: account.enableTwoFactorReply },
  'POST /users/two-factor/recovery-codes': { body: account.regenerateRecoveryCodesSchema, reply: account.regenerateRecoveryCodesReply },
  'POST /users/two-factor/disable': { body: account.disableTwoFactorSchema, reply: common.noData },
  'GET /users/session': { reply: account.getSessionReply },
  'GET /users/sessions': { query: account.sessionsQuerySchema, reply: account.listSessionsReply },
  'DELETE /users/sessions/{id}': { reply: common.noData },
  'POST /users/sessions/end-all': { reply: common.noData },
  'POST /users/logout': { reply: common.noData },
  'GET /organization/security': { reply: account.getSecuritySettingsReply },
  'PUT /organization/security': { body: account.securitySettingsSchema, reply: account.updateSecuritySettingsReply },
  'GET /dashboard': { reply: organization.getSummaryReply },
  'GET /organization/profile': { reply: organization.organizationGetProfileReply },
  'PATCH /organization/profile': { body: organization.organizationProfileUpdateSchema, reply: organization.organizationUpdateProfileReply },
  'GET /organization/integration': { reply: organization.getIntegrationReply },
  'POST /organization/generate-integration': { reply: organization.generateIntegrationReply },
  'POST /organization/logo': { reply: organization.organizationLogoReply },
  'DELETE /organization/logo': { reply: organization.organizationLogoReply },
  'GET /organization/webhooks': { reply: webhooks.listWebhooksReply },
  'POST /organization/webhooks': { body: webhooks.webhookEndpointCreateSchema, reply: webhooks.createWebhookReply },
  'PUT /organization/webhooks/{id}': { body: webhooks.webhookEndpointUpdateSchema, reply: webhooks.updateWebhookReply },
  'DELETE /organization/webhooks/{id}': { reply: common.noData },
  'GET /organization/webhooks/{id}/deliveries': { query: webhooks.webhookDeliveriesQuerySchema, reply: webhooks.listDeliveriesReply },
  'POST /organization/webhooks/{id}/deliveries/{deliveryId}/resend': { reply: webhooks.resendDeliveryReply },
  'GET /organization/members': { query: organization.membersQuerySchema, reply: organization.memberListReply },
  'GET /users': { query: organization.membersQuerySchema, reply: organization.listUsersReply },
  'GET /organization/members/{id}': { reply: organization.getMemberReply },
  'POST /organization/members/add': { body: organization.memberAddSchema, reply: organization.addMemberReply },
  'POST /organization/members/update': { body: organization.memberUpdateSchema, reply: organization.updateMemberReply },
  'POST /organization/members/resend-invite': { body: organization.memberResendInviteSchema, reply: common.noData },
  'DELETE /organization/members/{id}': { reply: common.noData },
  'POST /users/invite-details': { body: organization.inviteTokenSchema, reply: organization.inviteDetailsReply },
  'POST /users/accept-invite': { body: organization.acceptInviteSchema, reply: organization.acceptInviteReply },
  'GET /notifications': { query: organization.notificationsQuerySchema, reply: organization.listNotificationsReply },
  'GET /notifications/unread-count': { reply: organization.unreadCountReply },
  'GET /notifications/mark-as-read/{id}': { reply: organization.markAsReadReply },
  'DELETE /notifications/{id}': { reply: organization.deleteNotificationReply },
  'GET /logs': { query: organization.logsQuerySchema, reply: organization.listLogsReply },
  'GET /organization/setup': { reply: organization.getSetupReply },
  'PUT /organization/setup': { body: reports.setupUpdateSchema, reply: reports.updateSetupReply },
  'GET /reports': { query: reports.reportQuerySchema, reply: reports.getReportReply },
  'GET /reports/practitioners': { query: reports.reportQuerySchema, reply: reports.getPractitionerReportReply },
  'GET /appointments': { query: appointments.listAppointmentsQuery, reply: appointments.listAppointmentsReply },
  'POST /appointments/book-custom': { body: appointments.staffBookingSchema, reply: appointments.bookAppointmentReply },
  'GET /appointments/assigned/to/me': { query: appointments.myAppointmentsQuery, reply: appointments.listMyAppointmentsReply },
  'GET /appointments/export/appointments/to/csv': { query: appointments.exportQuery, reply: raw('text/csv') },
  'GET /appointments/appointment-logs': { query: appointments.logsQuery, reply: appointments.listAppointmentLogsReply },
  'POST /appointments/assign': { body: appointments.assignSchema, reply: appointments.assignAppointmentReply },
  'GET /appointments/assignees': { reply: appointments.listAssigneesReply },
  'GET /appointments/{id}': { reply: appointments.getAppointmentReply },
  'GET /appointments/{id}/attachments/{field}': { reply: appointments.getAttachmentReply },
  'PATCH /appointments/{id}/update-assignee': { body: appointments.updateAssigneeSchema, reply: appointments.updateAssigneeReply },
  'GET /appointments/{id}/remove-assignee': { query: appointments.versionQuery, reply: appointments.removeAssigneeReply },
  'PATCH /appointments/{id}/change-status': { body: appointments.changeStatusSchema, reply: appointments.changeStatusReply },
  'GET /public/appointments/{apiKey}': { reply: account.getPublicBookingPageReply },
  'POST /public/appointments/book-custom': { body: appointments.publicBookingSchema, reply: appointments.requestAppointmentReply },
  'GET /service-categories': { query: services.listQuery, reply: services.listCategoriesReply },
  'POST /service-categories': { body: services.categorySchema, reply: services.categoryView },
  'GET /service-categories/{id}': { reply: services.categoryView },
  'PUT /service-categories/{id}': { body: services.categorySchema, reply: services.categoryView },
  'DELETE /service-categories/{id}': { query: appointments.versionQuery, reply: common.noData },
  'GET /services': { query: services.listServicesQuery, reply: services.listServicesReply },
  'POST /services': { body: services.serviceSchema, reply: services.createServiceReply },
  'GET /services/{id}': { reply: services.getServiceReply },
  'PUT /services/{id}': { body: services.serviceSchema, reply: services.serviceView },
  'DELETE /services/{id}': { query: appointments.versionQuery, reply: common.noData },
  'GET /customers': { query: services.listQuery, reply: customers.listCustomersReply },
  'POST /customers': { body: customers.customerSchema, reply: customers.createCustomerReply },
  'GET /customers/{id}': { reply: customers.getCustomerReply },
  'PUT /customers/{id}': { body: customers.customerSchema, reply: customers.customerView },
  'DELETE /customers/{id}': { query: appointments.versionQuery, reply: common.noData },
  'GET /sms': { query: sms.listSmsQuery, reply: sms.listSmsReply },
  'POST /sms': { body: sms.sendSmsSchema, reply: sms.sendSmsReply },
  'POST /payments/stripe/webhook': { reply: bookings.stripeEventsReply },
  'POST /form-builder/form': { body: forms.formSchema, reply: forms.createFormReply },
  'GET /form-builder/form': { query: forms.pageQuerySchema, reply: forms.listFormsReply },
  'GET /form-builder/form/{id}': { reply: forms.getFormReply },
  'PUT /form-builder/form/{id}': { body: forms.formSchema, reply: forms.updateFormReply },
  'DELETE /form-builder/form/{id}': { reply: forms.deleteFormReply },
  'GET /form-builder/form/{id}/submissions': { query: forms.pageQuerySchema, reply: forms.listFormSubmissionsReply },
  'PUT /form/{formId}/package': { body: forms.linkPackagesSchema, reply: forms.linkPackagesReply },
  'POST /forms/create': { body: forms.legacyCreateFormSchema, reply: forms.createFormLegacyReply },
  'GET /forms/list': { query: forms.pageQuerySchema, reply: forms.listFormsReply },
  'POST /forms/get-leads': { body: forms.formLeadsSchema, reply: forms.getFormLeadsReply },
  'POST /forms/get-lead-details': { body: forms.leadDetailsSchema, reply: forms.getLeadDetailsReply },
  'GET /packages': { query: forms.pageQuerySchema, reply: forms.formPackagesListPackagesReply },
  'GET /leads/packages': { query: forms.pageQuerySchema, reply: forms.formPackagesListPackagesReply },
  'POST /packages': { body: forms.formPackageSchema, reply: forms.formPackagesCreatePackageReply },
  'GET /packages/{id}': { reply: forms.formPackagesGetPackageReply },
  'PUT /packages/{id}': { body: forms.formPackageSchema, reply: forms.formPackagesUpdatePackageReply },
  'DELETE /packages/{id}': { reply: forms.formPackagesDeletePackageReply },
  'POST /leads/update-package-image': { body: forms.uploadPackageImageBody, reply: forms.uploadPackageImageReply },
  'GET /leads/forms/{formId}': { query: forms.publicFormQuerySchema, reply: forms.getPublicFormReply },
  'POST /leads/forms/{formId}/files': { body: forms.publicFormQuerySchema, reply: forms.uploadFormFileReply },
  'POST /form-builder/form/{id}/submissions': { body: forms.submissionSchema, reply: forms.submitFormReply },
  'POST /leads/payments/session': { body: forms.paymentSessionSchema, reply: forms.createPaymentSessionReply },
  'GET /leads': { query: forms.pageQuerySchema, reply: forms.listLeadsReply },
  'GET /leads/{id}': { reply: forms.getLeadReply },
  'GET /leads/{id}/files/{fieldId}': { reply: forms.getLeadFileReply },
  'GET /payment/submission/{id}': { reply: forms.getPaymentReply },
  'GET /leads/payment-submissions/form/{id}': { query: forms.pageQuerySchema, reply: forms.listFormPaymentsReply },
  'GET /bookings/packages': { query: bookings.packageListQuerySchema, reply: bookings.bookingPackagesListPackagesReply },
  'GET /bookings/get-packages': { query: bookings.packageListQuerySchema, reply: bookings.bookingPackagesListPackagesReply },
  'POST /bookings/packages': { body: bookings.bookingPackageSchema, reply: bookings.bookingPackagesCreatePackageReply },
  'GET /bookings/packages/{id}': { reply: bookings.bookingPackagesGetPackageReply },
  'PUT /bookings/packages/{id}': { body: bookings.bookingPackageUpdateSchema, reply: bookings.bookingPackagesUpdatePackageReply },
  'DELETE /bookings/packages/{id}': { reply: bookings.bookingPackagesDeletePackageReply },
  'GET /bookings/availability': { reply: bookings.getAvailabilityReply },
  'PUT /bookings/availability': { body: bookings.availabilitySchema, reply: bookings.updateAvailabilityReply },
  'GET /bookings/free-times': { query: bookings.freeTimesQuerySchema, reply: bookings.listFreeTimesReply },
  'GET /practitioners': { reply: practitioners.listPractitionersReply },
  'POST /practitioners': { body: practitioners.practitionerSchema, reply: practitioners.createPractitionerReply },
  'GET /practitioners/{id}': { reply: practitioners.getPractitionerReply },
  'PUT /practitioners/{id}': { body: practitioners.practitionerSchema, reply: practitioners.updatePractitionerReply },
  'DELETE /practitioners/{id}': { reply: practitioners.deletePractitionerReply },
  'GET /public/challenge': { query: challenge.challengeQuerySchema, reply: challenge.getChallengeReply },
  'POST /bookings/available-packages': { body: bookings.availablePackagesSchema, reply: bookings.listAvailablePackagesReply },
  'POST /bookings/available-slots': { body: bookings.availableSlotsSchema, reply: bookings.listAvailableSlotsReply },
  'POST /bookings/available-days': { body: bookings.availableDaysSchema, reply: bookings.listAvailableDaysReply },
  'POST /bookings/create-booking': { body: bookings.bookingRequestSchema, reply: bookings.createBookingReply },
  'POST /bookings/release-hold': { body: bookings.releaseHoldSchema, reply: bookings.releaseHoldReply },
  'GET /bookings/bookings/list/all': { query: bookings.bookingListQuerySchema, reply: bookings.listBookingsReply },
  'GET /bookings': { query: bookings.bookingListQuerySchema, reply: bookings.listBookingsReply },
  'GET /bookings/booking/{id}': { reply: bookings.bookingsGetBookingReply },
  'POST /bookings/booking/{id}/cancel': { reply: bookings.bookingsCancelBookingReply },
  'GET /calendar': { query: calendar.calendarQuerySchema, reply: calendar.listCalendarReply },
  'POST /bookings/booking/{id}/move': { body: calendar.bookingMoveSchema, reply: calendar.moveBookingReply },
  'PATCH /appointments/{id}/reschedule': { body: calendar.calendarMoveSchema, reply: calendar.rescheduleAppointmentReply },
  'GET /calendar/feeds': { reply: calendar.listFeedsReply },
  'POST /calendar/feeds': { body: calendarFeeds.calendarFeedCreateSchema, reply: calendarFeeds.createFeedReply },
  'DELETE /calendar/feeds/{id}': { reply: common.noData },
  'GET /calendar/feed/{token}': { reply: raw('text/calendar') },
  'POST /public/manage/booking': { body: manage.manageTokenSchema, reply: manage.manageGetBookingReply },
  'POST /public/manage/slots': { body: manage.manageSlotsSchema, reply: manage.listSlotsReply },
  'POST /public/manage/days': { body: manage.manageDaysSchema, reply: manage.manageDaysReply },
  'POST /public/manage/cancel': { body: manage.manageTokenSchema, reply: manage.manageCancelBookingReply },
  'POST /public/manage/reschedule': { body: manage.manageRescheduleSchema, reply: manage.rescheduleBookingReply },
  'POST /bookings/confirmation': { body: bookingConfirmation.bookingConfirmationSchema, reply: bookingConfirmation.getConfirmationReply },
} as const satisfies Record<string, OperationSchemas>;
// The types a client reads off the contract (type-only: `import type` them, no schema is bundled).

type Contract = typeof API_CONTRACT;
/** 'GET /members', 'POST /bookings/create-booking', ... */
export type Operation = keyof Contract;
export type ApiMethod = Operation extends `${infer M} ${string}` ? M : never;

/** What an operation answers in `data`: its reply schema's output; a raw reply (CSV, iCalendar) is text. */
export type ReplyOf<K extends Operation> = Contract[K]['reply'] extends infer R extends Schema ? z.output<R> : string;
/** The JSON body an operation takes (its schema's input: what a client may send); never for none. */
export type BodyOf<K extends Operation> = Contract[K] extends { body: infer B extends Schema } ? z.input<B> : never;
/**
 * The query a client gives an operation (lib/api.ts encodes it), never for none: its schema's input
 * keys, optional where the input's are. A value the schema reads as a number or a boolean
 * (`?limit=25`, `?unread=true`: coerced, stringbool, piped through Number) is given as that number or
 * boolean, whose text the schema takes back; any other value is the schema's input (a string, an
 * enum's literals). z.input alone would not do: a coerced or stringbool value's input is `unknown`,
 * which would let any value through.
 */
export type QueryOf<K extends Operation> = Contract[K] extends { query: infer Q extends Schema } ? QueryParams<z.input<Q>, z.output<Q>> : never;
type QueryParams<I, O> = { [P in keyof I]: QueryValue<I[P], P extends keyof O ? O[P] : never> };
type QueryValue<I, O> = [O] extends [number | undefined] ? O : [O] extends [boolean | undefined] ? O : unknown extends I ? Extract<O, string | undefined> : I;

type OperationPath<K> = K extends `${string} ${infer P}` ? P : never;
type OperationsOf<M extends ApiMethod> = Extract<Operation, `${M} ${string}`>;

/** A route path as a client spells it: each `{param}` is any text (`/bookings/booking/${string}`). */
type Spelled<S extends string> = S extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Spelled<B>}` : S;
/**
 * Every path a client may pass for a method. Without a query string: the query is given apart, typed
 * by QueryOf, so a misspelt or wrongly typed parameter does not compile.
 */
export type PathOf<M extends ApiMethod> = {
  [K in OperationsOf<M>]: Spelled<OperationPath<K>>;
}[OperationsOf<M>];

type WithoutQuery<P extends string> = P extends `${infer B}?${string}` ? B : P;
type Segments<S extends string> = S extends `${infer H}/${infer T}` ? [H, ...Segments<T>] : [S];
/**
 * Whether the client's segments fit a route's: a `{param}` takes any non-empty segment, a literal only
 * itself. `exact` when every param took a value only known at run time (`${string}`), `loose` when one
 * took a literal (`/appointments/assignees` also fits `/appointments/{id}`, but the literal row wins).
 */
type Fit<C extends string[], R extends string[], Mode = 'exact'> = C extends [infer C1 extends string, ...infer CR extends string[]]
  ? R extends [infer R1 extends string, ...infer RR extends string[]]
    ? R1 extends `{${string}}`
      ? C1 extends ''
        ? never
        : Fit<CR, RR, string extends C1 ? Mode : 'loose'>
      : [C1] extends [R1]
        ? Fit<CR, RR, Mode>
        : never
    : never
  : R extends []
    ? Mode
    : never;
type Fits<M extends ApiMethod, P extends string> = {
  [K in OperationsOf<M>]: Fit<Segments<WithoutQuery<P>>, Segments<OperationPath<K>>> extends infer F ? ([F] extends [never] ? never : [F, K]) : never;
}[OperationsOf<M>];

/** The operation a call reaches (its method and the path it passes), never when none. */
export type OperationAt<M extends ApiMethod, P extends string> = [Extract<Fits<M, P>, ['exact', unknown]>] extends [never]
  ? Extract<Fits<M, P>, ['loose', unknown]>[1]
  : Extract<Fits<M, P>, ['exact', unknown]>[1];
