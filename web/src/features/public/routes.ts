// Public pages: visitors, no sign-in (spec section 2): the public form page
// (form-builder/public/:formId/:apiKey), the booking page (booking/:apiKey) and the room integration
// page (room-integration/:apiKey). They are built by their own features; list them here as lazy
// routes, e.g.
//
//   { path: 'form-builder/public/:formId/:apiKey', lazy: () => import('../forms/public/form-page') },
//
// Rules that keep these pages small (budget: 110 KB gzip of JS for a public page):
// - import nothing from web/src/app/ and no console-only library (lib/auth, lib/roles, lib/layout,
//   react-bootstrap's Dropdown/Offcanvas); lib/api, lib/notify, components/ and shared/ are fine;
// - wrap the page in its own small providers (e.g. a ToastContainer) instead of the console's.
import type { RouteObject } from 'react-router-dom';

export const publicRoutes: RouteObject[] = [
  { path: 'booking/:apiKey', lazy: () => import('./booking/booking-page') },
  { path: 'form-builder/public/:formId/:apiKey', lazy: () => import('./form/form-page') },
  { path: 'room-integration/:apiKey', lazy: () => import('../appointments/public/request-page') },
  // The patient's manage link (manage#<token>): reschedule or cancel within the clinic's policy.
  { path: 'manage', lazy: () => import('./manage/manage-page') },
];
