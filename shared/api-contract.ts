// The API's operations, each written once: 'METHOD /path' with who may call it (access, permission)
// and the schemas its handler declares (endpoint({ body, query, reply })). functions/routes.ts adds,
// under the same keys, what only the server knows (handler, `uses`, limits), typed so that a missing
// or extra key does not compile; the API document is generated from both.
// The web types its calls from it (web/src/lib/api.ts: a call's method and path give its body's,
// its query's and its reply's types), importing TYPES only, so no schema reaches the public pages' bundles.
// scripts/openapi/api-contract.test.ts checks what types cannot: that each entry's schemas are the very
// objects its handler's `contract` holds.
// Adding an endpoint: its entry here, its row in functions/routes.ts (tsc asks for it), its handler.
import type * as z from 'zod/mini';
import { PATIENT_ACCESS, type Action, type Module } from './permissions';
import * as account from './account/schemas';
import * as appointments from './appointments/schemas';
import * as bookingConfirmation from './bookings/confirmation-schemas';
import * as bookings from './bookings/schemas';
import * as series from './bookings/series-schemas';
import * as seriesMove from './bookings/series-move-schemas';
import * as visit from './bookings/visit';
import * as calendar from './calendar/schemas';
import * as calendarFeeds from './calendar/feed-schemas';
import * as challenge from './challenge/schemas';
import * as common from './common/schemas';
import * as customers from './customers/schemas';
import * as patients from './patients/schemas';
import * as forms from './forms/schemas';
import * as intake from './intake/schemas';
import * as manage from './manage/schemas';
import * as organization from './organization/schemas';
import * as currencyMove from './organization/currency-move-schemas';
import * as practitioners from './bookings/practitioner-schemas';
import * as reports from './reports/schemas';
import * as services from './services/schemas';
import * as sms from './sms/schemas';
import * as webhooks from './webhooks/schemas';
import * as waitlist from './waitlist/schemas';

/**
 * public: anyone (public routes find the tenant through an apiKey, never a token).
 * registration: the short-lived registration token of the sign-up steps, and nothing else.
 * user: a signed-in member of an organisation (access token), further limited by `permission`.
 * owner: the organisation's owner only.
 */
export type Access = 'public' | 'registration' | 'user' | 'owner';

// The module flag a non-owner needs (shared/permissions.ts); owners pass every check.
const read = (module: Module) => ({ module, action: 'read' as const });
const write = (module: Module) => ({ module, action: 'write' as const });
const remove = (module: Module) => ({ module, action: 'delete' as const });

/** A reply that is not JSON (CSV, an iCalendar feed): its media type, as the handler's rawReply(). */
const raw = <T extends string>(rawMediaType: T) => ({ rawMediaType });

type Schema = z.ZodMiniType;
export interface OperationEntry {
  access: Access;
  permission?: { module: Module; action: Action };
  body?: Schema;
  query?: Schema;
  reply: Schema | { rawMediaType: string };
}

export const API_CONTRACT = {
  'POST /users/register-email': { access: 'public', body: account.credentialsSchema, reply: account.registerEmailReply },
  'POST /users/verify-email-otp': { access: 'public', body: account.verifyEmailSchema, reply: account.verifyEmailOtpReply },
  'POST /users/login': { access: 'public', body: account.credentialsSchema, reply: account.loginReply },
  'POST /users/password/forgot': { access: 'public', body: account.forgotPasswordSchema, reply: common.noData },
  'POST /users/password/reset': { access: 'public', body: account.resetPasswordSchema, reply: common.noData },
  'POST /users/add-basic-details': { access: 'registration', body: account.basicDetailsSchema, reply: account.addBasicDetailsReply },
  'POST /users/add-organization': { access: 'registration', body: organization.newOrganizationSchema, reply: organization.addOrganizationReply },
  'GET /users/profile': { access: 'user', reply: account.accountGetProfileReply },
  'PATCH /users/profile': { access: 'user', body: account.profileUpdateSchema, reply: account.accountUpdateProfileReply },
  'PATCH /users/password/change': { access: 'user', body: account.changePasswordSchema, reply: common.noData },
  'PATCH /users/profile-picture': { access: 'user', reply: account.uploadProfilePictureReply },
  'GET /users/profile-picture': { access: 'user', reply: account.getProfilePictureReply },
  'DELETE /users': { access: 'user', reply: common.noData },
  'GET /users/roles-permissions': { access: 'user', reply: account.getRolesPermissionsReply },
  'POST /users/login/two-factor': { access: 'public', body: account.loginTwoFactorSchema, reply: account.loginTwoFactorReply },
  'POST /users/two-factor/setup': { access: 'user', reply: account.setupTwoFactorReply },
  'POST /users/two-factor/enable': { access: 'user', body: account.enableTwoFactorSchema, reply: account.enableTwoFactorReply },
  'POST /users/two-factor/recovery-codes': { access: 'user', body: account.regenerateRecoveryCodesSchema, reply: account.regenerateRecoveryCodesReply },
  'POST /users/two-factor/disable': { access: 'user', body: account.disableTwoFactorSchema, reply: common.noData },
  'GET /users/session': { access: 'user', reply: account.getSessionReply },
  'GET /users/sessions': { access: 'user', query: account.sessionsQuerySchema, reply: account.listSessionsReply },
  'DELETE /users/sessions/{id}': { access: 'user', reply: common.noData },
  'POST /users/sessions/end-all': { access: 'user', reply: common.noData },
  'POST /users/logout': { access: 'user', reply: common.noData },
  'GET /organization/security': { access: 'owner', reply: account.getSecuritySettingsReply },
  'PUT /organization/security': { access: 'owner', body: account.securitySettingsSchema, reply: account.updateSecuritySettingsReply },
  'GET /dashboard': { access: 'user', reply: organization.getSummaryReply },
  'GET /organization/profile': { access: 'user', reply: organization.organizationGetProfileReply },
  'PATCH /organization/profile': { access: 'owner', body: organization.organizationProfileUpdateSchema, reply: organization.organizationUpdateProfileReply },
  'GET /organization/currency-move': { access: 'owner', reply: currencyMove.getCurrencyMoveReply },
  'POST /organization/currency-move': { access: 'owner', body: currencyMove.currencyMoveSchema, reply: currencyMove.moveCurrencyReply },
  'GET /organization/integration': { access: 'owner', reply: organization.getIntegrationReply },
  'POST /organization/generate-integration': { access: 'owner', reply: organization.generateIntegrationReply },
  'POST /organization/logo': { access: 'owner', reply: organization.organizationLogoReply },
  'DELETE /organization/logo': { access: 'owner', reply: organization.organizationLogoReply },
  'GET /organization/webhooks': { access: 'owner', reply: webhooks.listWebhooksReply },
  'POST /organization/webhooks': { access: 'owner', body: webhooks.webhookEndpointCreateSchema, reply: webhooks.createWebhookReply },
  'PUT /organization/webhooks/{id}': { access: 'owner', body: webhooks.webhookEndpointUpdateSchema, reply: webhooks.updateWebhookReply },
  'DELETE /organization/webhooks/{id}': { access: 'owner', reply: common.noData },
  'GET /organization/webhooks/{id}/deliveries': { access: 'owner', query: webhooks.webhookDeliveriesQuerySchema, reply: webhooks.listDeliveriesReply },
  'POST /organization/webhooks/{id}/deliveries/{deliveryId}/resend': { access: 'owner', reply: webhooks.resendDeliveryReply },
  'GET /organization/members': { access: 'user', permission: read('Members'), query: organization.membersQuerySchema, reply: organization.memberListReply },
  'GET /users': { access: 'user', permission: read('Members'), query: organization.membersQuerySchema, reply: organization.listUsersReply },
  'GET /organization/members/{id}': { access: 'user', permission: read('Members'), reply: organization.getMemberReply },
  'POST /organization/members/add': { access: 'user', permission: write('Members'), body: organization.memberAddSchema, reply: organization.addMemberReply },
  'POST /organization/members/update': { access: 'user', permission: write('Members'), body: organization.memberUpdateSchema, reply: organization.updateMemberReply },
  'POST /organization/members/resend-invite': { access: 'user', permission: write('Members'), body: organization.memberResendInviteSchema, reply: common.noData },
  'DELETE /organization/members/{id}': { access: 'user', permission: remove('Members'), reply: common.noData },
  'POST /users/invite-details': { access: 'public', body: organization.inviteTokenSchema, reply: organization.inviteDetailsReply },
  'POST /users/accept-invite': { access: 'public', body: organization.acceptInviteSchema, reply: organization.acceptInviteReply },
  'GET /notifications': { access: 'user', permission: read('Notifications'), query: organization.notificationsQuerySchema, reply: organization.listNotificationsReply },
  'GET /notifications/unread-count': { access: 'user', permission: read('Notifications'), reply: organization.unreadCountReply },
  'GET /notifications/mark-as-read/{id}': { access: 'user', permission: read('Notifications'), reply: organization.markAsReadReply },
  'DELETE /notifications/{id}': { access: 'user', permission: read('Notifications'), reply: organization.deleteNotificationReply },
  'GET /logs': { access: 'owner', query: organization.logsQuerySchema, reply: organization.listLogsReply },
  'GET /organization/setup': { access: 'owner', reply: organization.getSetupReply },
  'PUT /organization/setup': { access: 'owner', body: reports.setupUpdateSchema, reply: reports.updateSetupReply },
  'GET /reports': { access: 'user', query: reports.reportQuerySchema, reply: reports.getReportReply },
  'GET /reports/practitioners': { access: 'user', permission: read('BOOKING_PACKAGES'), query: reports.reportQuerySchema, reply: reports.getPractitionerReportReply },
  'GET /reports/collections': { access: 'user', permission: read('BOOKING_PACKAGES'), query: reports.reportQuerySchema, reply: reports.getCollectionsReportReply },
  'GET /appointments': { access: 'user', permission: read('Appointment'), query: appointments.listAppointmentsQuery, reply: appointments.listAppointmentsReply },
  'POST /appointments/book-custom': { access: 'user', permission: write('Appointment'), body: appointments.staffBookingSchema, reply: appointments.bookAppointmentReply },
  'GET /appointments/assigned/to/me': { access: 'user', permission: read('Appointment'), query: appointments.myAppointmentsQuery, reply: appointments.listMyAppointmentsReply },
  'GET /appointments/export/appointments/to/csv': { access: 'user', permission: read('Appointment'), query: appointments.exportQuery, reply: raw('text/csv') },
  'GET /appointments/appointment-logs': { access: 'user', permission: read('Appointment'), query: appointments.logsQuery, reply: appointments.listAppointmentLogsReply },
  'POST /appointments/assign': { access: 'user', permission: write('Appointment'), body: appointments.assignSchema, reply: appointments.assignAppointmentReply },
  'GET /appointments/assignees': { access: 'user', permission: write('Appointment'), reply: appointments.listAssigneesReply },
  'GET /appointments/{id}': { access: 'user', permission: read('Appointment'), reply: appointments.getAppointmentReply },
  'GET /appointments/{id}/attachments/{field}': { access: 'user', permission: read('Appointment'), reply: appointments.getAttachmentReply },
  'PATCH /appointments/{id}/update-assignee': { access: 'user', permission: write('Appointment'), body: appointments.updateAssigneeSchema, reply: appointments.updateAssigneeReply },
  'GET /appointments/{id}/remove-assignee': { access: 'user', permission: write('Appointment'), query: appointments.versionQuery, reply: appointments.removeAssigneeReply },
  'PATCH /appointments/{id}/change-status': { access: 'user', permission: write('Appointment'), body: appointments.changeStatusSchema, reply: appointments.changeStatusReply },
  'GET /public/appointments/{apiKey}': { access: 'public', reply: account.getPublicBookingPageReply },
  'POST /public/appointments/book-custom': { access: 'public', body: appointments.publicBookingSchema, reply: appointments.requestAppointmentReply },
  'GET /service-categories': { access: 'user', permission: read('Appointment'), query: services.listQuery, reply: services.listCategoriesReply },
  'POST /service-categories': { access: 'user', permission: write('Appointment'), body: services.categorySchema, reply: services.categoryView },
  'GET /service-categories/{id}': { access: 'user', permission: read('Appointment'), reply: services.categoryView },
  'PUT /service-categories/{id}': { access: 'user', permission: write('Appointment'), body: services.categorySchema, reply: services.categoryView },
  'DELETE /service-categories/{id}': { access: 'user', permission: remove('Appointment'), query: appointments.versionQuery, reply: common.noData },
  'GET /services': { access: 'user', permission: read('Appointment'), query: services.listServicesQuery, reply: services.listServicesReply },
  'POST /services': { access: 'user', permission: write('Appointment'), body: services.serviceSchema, reply: services.createServiceReply },
  'GET /services/{id}': { access: 'user', permission: read('Appointment'), reply: services.getServiceReply },
  'PUT /services/{id}': { access: 'user', permission: write('Appointment'), body: services.serviceSchema, reply: services.serviceView },
  'DELETE /services/{id}': { access: 'user', permission: remove('Appointment'), query: appointments.versionQuery, reply: common.noData },
  'GET /customers': { access: 'user', permission: read('Appointment'), query: services.listQuery, reply: customers.listCustomersReply },
  'POST /customers': { access: 'user', permission: write('Appointment'), body: customers.customerSchema, reply: customers.createCustomerReply },
  'GET /customers/{id}': { access: 'user', permission: read('Appointment'), reply: customers.getCustomerReply },
  'PUT /customers/{id}': { access: 'user', permission: write('Appointment'), body: customers.customerSchema, reply: customers.customerView },
  'DELETE /customers/{id}': { access: 'user', permission: remove('Appointment'), query: appointments.versionQuery, reply: common.noData },
  'GET /patients': { access: 'user', permission: PATIENT_ACCESS.read, query: patients.listPatientsQuery, reply: patients.listPatientsReply },
  'GET /patients/{id}': { access: 'user', permission: PATIENT_ACCESS.read, reply: patients.getPatientReply },
  'GET /patients/{id}/items': { access: 'user', permission: PATIENT_ACCESS.read, query: patients.patientItemsQuery, reply: patients.patientItemsReply },
  'POST /patients/{id}/notes': { access: 'user', permission: PATIENT_ACCESS.note, body: patients.addNoteSchema, reply: patients.addNoteReply },
  'POST /patients/{id}/merge': { access: 'user', permission: PATIENT_ACCESS.merge, body: patients.mergePatientsSchema, reply: patients.mergePatientsReply },
  'GET /patients/{id}/export': { access: 'user', permission: PATIENT_ACCESS.read, reply: patients.exportPatientReply },
  'POST /patients/{id}/erase': { access: 'user', permission: PATIENT_ACCESS.erase, reply: common.noData },
  'GET /sms': { access: 'user', permission: read('Appointment'), query: sms.listSmsQuery, reply: sms.listSmsReply },
  'POST /sms': { access: 'user', permission: write('Appointment'), body: sms.sendSmsSchema, reply: sms.sendSmsReply },
  'POST /payments/stripe/webhook': { access: 'public', reply: bookings.stripeEventsReply },
  'POST /form-builder/form': { access: 'user', permission: write('FORMS'), body: forms.formSchema, reply: forms.createFormReply },
  'GET /form-builder/form': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.listFormsReply },
  'GET /form-builder/form/{id}': { access: 'user', permission: read('FORMS'), reply: forms.getFormReply },
  'PUT /form-builder/form/{id}': { access: 'user', permission: write('FORMS'), body: forms.formSchema, reply: forms.updateFormReply },
  'DELETE /form-builder/form/{id}': { access: 'user', permission: remove('FORMS'), reply: forms.deleteFormReply },
  'GET /form-builder/form/{id}/submissions': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.listFormSubmissionsReply },
  'PUT /form/{formId}/package': { access: 'user', permission: write('FORMS'), body: forms.linkPackagesSchema, reply: forms.linkPackagesReply },
  'POST /forms/create': { access: 'user', permission: write('FORMS'), body: forms.legacyCreateFormSchema, reply: forms.createFormLegacyReply },
  'GET /forms/list': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.listFormsReply },
  'POST /forms/get-leads': { access: 'user', permission: read('FORMS'), body: forms.formLeadsSchema, reply: forms.getFormLeadsReply },
  'POST /forms/get-lead-details': { access: 'user', permission: read('FORMS'), body: forms.leadDetailsSchema, reply: forms.getLeadDetailsReply },
  'GET /packages': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.formPackagesListPackagesReply },
  'GET /leads/packages': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.formPackagesListPackagesReply },
  'POST /packages': { access: 'user', permission: write('FORMS'), body: forms.formPackageSchema, reply: forms.formPackagesCreatePackageReply },
  'GET /packages/{id}': { access: 'user', permission: read('FORMS'), reply: forms.formPackagesGetPackageReply },
  'PUT /packages/{id}': { access: 'user', permission: write('FORMS'), body: forms.formPackageSchema, reply: forms.formPackagesUpdatePackageReply },
  'DELETE /packages/{id}': { access: 'user', permission: remove('FORMS'), reply: forms.formPackagesDeletePackageReply },
  'POST /leads/update-package-image': { access: 'user', permission: write('FORMS'), body: forms.uploadPackageImageBody, reply: forms.uploadPackageImageReply },
  'GET /leads/forms/{formId}': { access: 'public', query: forms.publicFormQuerySchema, reply: forms.getPublicFormReply },
  'POST /leads/forms/{formId}/files': { access: 'public', body: forms.publicFormQuerySchema, reply: forms.uploadFormFileReply },
  'POST /form-builder/form/{id}/submissions': { access: 'public', body: forms.submissionSchema, reply: forms.submitFormReply },
  'POST /leads/payments/session': { access: 'public', body: forms.paymentSessionSchema, reply: forms.createPaymentSessionReply },
  'GET /leads': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.listLeadsReply },
  'GET /leads/{id}': { access: 'user', permission: read('FORMS'), reply: forms.getLeadReply },
  'GET /leads/{id}/files/{fieldId}': { access: 'user', permission: read('FORMS'), reply: forms.getLeadFileReply },
  'GET /payment/submission/{id}': { access: 'user', permission: read('FORMS'), reply: forms.getPaymentReply },
  'GET /leads/payment-submissions/form/{id}': { access: 'user', permission: read('FORMS'), query: forms.pageQuerySchema, reply: forms.listFormPaymentsReply },
  'GET /bookings/packages': { access: 'user', permission: read('BOOKING_PACKAGES'), query: bookings.packageListQuerySchema, reply: bookings.bookingPackagesListPackagesReply },
  'GET /bookings/get-packages': { access: 'user', permission: read('BOOKING_PACKAGES'), query: bookings.packageListQuerySchema, reply: bookings.bookingPackagesListPackagesReply },
  'POST /bookings/packages': { access: 'user', permission: write('BOOKING_PACKAGES'), body: bookings.bookingPackageSchema, reply: bookings.bookingPackagesCreatePackageReply },
  'GET /bookings/packages/{id}': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: bookings.bookingPackagesGetPackageReply },
  'PUT /bookings/packages/{id}': { access: 'user', permission: write('BOOKING_PACKAGES'), body: bookings.bookingPackageUpdateSchema, reply: bookings.bookingPackagesUpdatePackageReply },
  'DELETE /bookings/packages/{id}': { access: 'user', permission: remove('BOOKING_PACKAGES'), reply: bookings.bookingPackagesDeletePackageReply },
  'GET /bookings/availability': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: bookings.getAvailabilityReply },
  'PUT /bookings/availability': { access: 'user', permission: write('BOOKING_PACKAGES'), body: bookings.availabilitySchema, reply: bookings.updateAvailabilityReply },
  'GET /bookings/free-times': { access: 'user', permission: read('BOOKING_PACKAGES'), query: bookings.freeTimesQuerySchema, reply: bookings.listFreeTimesReply },
  'GET /practitioners': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: practitioners.listPractitionersReply },
  'POST /practitioners': { access: 'user', permission: write('BOOKING_PACKAGES'), body: practitioners.practitionerSchema, reply: practitioners.createPractitionerReply },
  'GET /practitioners/{id}': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: practitioners.getPractitionerReply },
  'PUT /practitioners/{id}': { access: 'user', permission: write('BOOKING_PACKAGES'), body: practitioners.practitionerSchema, reply: practitioners.updatePractitionerReply },
  'DELETE /practitioners/{id}': { access: 'user', permission: remove('BOOKING_PACKAGES'), reply: practitioners.deletePractitionerReply },
  'GET /public/challenge': { access: 'public', query: challenge.challengeQuerySchema, reply: challenge.getChallengeReply },
  'POST /bookings/available-packages': { access: 'public', body: bookings.availablePackagesSchema, reply: bookings.listAvailablePackagesReply },
  'POST /bookings/available-slots': { access: 'public', body: bookings.availableSlotsSchema, reply: bookings.listAvailableSlotsReply },
  'POST /bookings/available-days': { access: 'public', body: bookings.availableDaysSchema, reply: bookings.listAvailableDaysReply },
  'POST /bookings/create-booking': { access: 'public', body: bookings.bookingRequestSchema, reply: bookings.createBookingReply },
  'POST /bookings/preview-patient-series': { access: 'public', body: series.patientSeriesPreviewSchema, reply: series.patientSeriesPreviewReply },
  'POST /bookings/create-patient-series': { access: 'public', body: series.patientSeriesBookSchema, reply: series.patientSeriesBookReply },
  'POST /bookings/release-hold': { access: 'public', body: bookings.releaseHoldSchema, reply: bookings.releaseHoldReply },
  'GET /bookings/bookings/list/all': { access: 'user', permission: read('BOOKING_PACKAGES'), query: bookings.bookingListQuerySchema, reply: bookings.listBookingsReply },
  'GET /bookings': { access: 'user', permission: read('BOOKING_PACKAGES'), query: bookings.bookingListQuerySchema, reply: bookings.listBookingsReply },
  'GET /bookings/booking/{id}': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: bookings.bookingsGetBookingReply },
  'POST /bookings/booking/{id}/cancel': { access: 'user', permission: write('BOOKING_PACKAGES'), reply: bookings.bookingsCancelBookingReply },
  'POST /bookings/series/preview': { access: 'user', permission: write('BOOKING_PACKAGES'), body: series.seriesPreviewSchema, reply: series.seriesPreviewReply },
  'POST /bookings/series': { access: 'user', permission: write('BOOKING_PACKAGES'), body: series.seriesCreateSchema, reply: series.seriesReply },
  'GET /bookings/series/{id}': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: series.seriesReply },
  'POST /bookings/series/{id}/cancel': { access: 'user', permission: write('BOOKING_PACKAGES'), body: series.seriesCancelSchema, reply: series.seriesCancelReply },
  'POST /bookings/series/{id}/move/preview': { access: 'user', permission: write('BOOKING_PACKAGES'), body: seriesMove.seriesMovePreviewSchema, reply: seriesMove.seriesMovePreviewReply },
  'POST /bookings/series/{id}/move': { access: 'user', permission: write('BOOKING_PACKAGES'), body: seriesMove.seriesMoveSchema, reply: seriesMove.seriesMoveReply },
  'POST /bookings/booking/{id}/attendance': { access: 'user', permission: write('BOOKING_PACKAGES'), body: visit.attendanceSchema, reply: bookings.bookingVisitReply },
  'POST /bookings/booking/{id}/fee': { access: 'user', permission: write('BOOKING_PACKAGES'), reply: bookings.bookingVisitReply },
  'POST /bookings/booking/{id}/clinic-payment': { access: 'user', permission: write('BOOKING_PACKAGES'), body: visit.clinicPaymentSchema, reply: bookings.bookingVisitReply },
  'POST /bookings/booking/{id}/refund': { access: 'user', permission: write('BOOKING_PACKAGES'), body: visit.visitRefundSchema, reply: bookings.bookingRefundReply },
  'GET /calendar': { access: 'user', query: calendar.calendarQuerySchema, reply: calendar.listCalendarReply },
  'POST /bookings/booking/{id}/move': { access: 'user', permission: write('BOOKING_PACKAGES'), body: calendar.bookingMoveSchema, reply: calendar.moveBookingReply },
  'PATCH /appointments/{id}/reschedule': { access: 'user', permission: write('Appointment'), body: calendar.calendarMoveSchema, reply: calendar.rescheduleAppointmentReply },
  'GET /calendar/feeds': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: calendar.listFeedsReply },
  'POST /calendar/feeds': { access: 'user', permission: write('BOOKING_PACKAGES'), body: calendarFeeds.calendarFeedCreateSchema, reply: calendarFeeds.createFeedReply },
  'DELETE /calendar/feeds/{id}': { access: 'user', permission: write('BOOKING_PACKAGES'), reply: common.noData },
  'GET /calendar/feed/{token}': { access: 'public', reply: raw('text/calendar') },
  'POST /public/manage/booking': { access: 'public', body: manage.manageTokenSchema, reply: manage.manageGetBookingReply },
  'POST /public/manage/slots': { access: 'public', body: manage.manageSlotsSchema, reply: manage.listSlotsReply },
  'POST /public/manage/days': { access: 'public', body: manage.manageDaysSchema, reply: manage.manageDaysReply },
  'POST /public/manage/cancel': { access: 'public', body: manage.manageTokenSchema, reply: manage.manageCancelBookingReply },
  'POST /public/manage/cancel-following': { access: 'public', body: manage.manageTokenSchema, reply: manage.manageCancelFollowingReply },
  'POST /public/manage/reschedule': { access: 'public', body: manage.manageRescheduleSchema, reply: manage.rescheduleBookingReply },
  'POST /bookings/confirmation': { access: 'public', body: bookingConfirmation.bookingConfirmationSchema, reply: bookingConfirmation.getConfirmationReply },
  'POST /waitlist/join': { access: 'public', body: waitlist.joinWaitlistSchema, reply: waitlist.joinWaitlistReply },
  'POST /waitlist/leave': { access: 'public', body: waitlist.leaveWaitlistSchema, reply: waitlist.leaveWaitlistReply },
  'POST /waitlist/offer': { access: 'public', body: waitlist.offerLinkSchema, reply: waitlist.getOfferReply },
  'POST /waitlist/offer/take': { access: 'public', body: waitlist.offerLinkSchema, reply: waitlist.takeOfferReply },
  'GET /waitlist': { access: 'user', permission: read('BOOKING_PACKAGES'), query: waitlist.waitlistQuerySchema, reply: waitlist.listWaitlistReply },
  'GET /waitlist/offers': { access: 'user', permission: read('BOOKING_PACKAGES'), query: common.pageQuerySchema, reply: waitlist.listOffersReply },
  'GET /waitlist/summary': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: waitlist.waitlistSummaryReply },
  'PUT /waitlist/settings': { access: 'user', permission: write('BOOKING_PACKAGES'), body: waitlist.waitlistSettingsSchema, reply: waitlist.updateWaitlistSettingsReply },
  'POST /waitlist/entries/{id}/offer': { access: 'user', permission: write('BOOKING_PACKAGES'), body: waitlist.staffOfferSchema, reply: waitlist.staffOfferReply },
  'GET /bookings/booking/{id}/intake': { access: 'user', permission: read('BOOKING_PACKAGES'), reply: intake.bookingIntakeReply },
  'POST /public/intake/form': { access: 'public', body: intake.intakeTokenSchema, reply: intake.getIntakeFormReply },
  'POST /public/intake/files': { access: 'public', body: intake.intakeFileSchema, reply: intake.uploadIntakeFileReply },
  'POST /public/intake/submit': { access: 'public', body: intake.intakeSubmitSchema, reply: common.noData },
} as const satisfies Record<string, OperationEntry>;
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
