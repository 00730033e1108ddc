// Organisations (tenants), their public apiKey and their kept counters. Access patterns:
//   organisation by id     pk ORG#<id>          sk PROFILE
//   organisation by apiKey pk APIKEY#<key>      sk APIKEY      (unique; rotated in one transaction)
//   dashboard counters     pk ORG#<id>          sk COUNTERS
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { brandColorOf, isBrandColor } from '#shared/brand';
import { currencyOf, type Currency } from '#shared/currency';
import { policyOf } from '#shared/policy';
import { smsCountriesOf } from '#shared/sms-countries';
import { config } from '#lib/config';
import { ddb, table } from './dynamo';
import type { MailBrand } from '#lib/mail-layout';
import type { MailSender } from '#lib/mail';
import { isPlainAddress } from '#lib/mail-address';
import { randomId } from '#lib/passwords';
import { noteTenant } from '#lib/request-scope';
import { auditItem } from './audit';
import { cachedRead } from './public-cache';
import { strip, tryTransact, type TransactItem } from './core';
import { setClause } from './update';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales';

export interface Organization {
  id: string;
  name: string;
  email: string;
  legalName: string;
  websiteUrl: string;
  phoneNumber: string;
  /** Postal address, free text (absent or '' when none was given). */
  address?: string;
  apiKey: string;
  ownerId: string;
  /** IANA time zone for bookings and times shown to visitors. */
  timeZone: string;
  /** The language of the clinic's patients' pages and mails when the patient's own is not known (issue 26; absent: English). */
  defaultLanguage?: Locale;
  /** The patient policy (reminders, self-service cancellation); absent fields take DEFAULT_POLICY. */
  reminderHours?: number;
  reminderSms?: boolean;
  cancellationCutoffHours?: number;
  cancellationRefund?: 'full' | 'none';
  /** Calling codes ('+44') the clinic's SMS may go to; absent: its own phone's country (shared/sms-countries.ts). */
  smsCountryCodes?: string[];
  /** The clinic's logo in its mails' header: an upload key (org/<id>/branding/...), PNG or JPEG. */
  logoKey?: string;
  /** The colour of its mails' header and buttons, '#rrggbb' (absent: shared/brand.ts DEFAULT_BRAND_COLOR). */
  brandColor?: string;
  /** What it charges in (Stripe's lowercase ISO code); absent on organisations from before currencies: USD. */
  currency?: Currency;
  /** When the apiKey was last replaced (absent: never). */
  apiKeyRotatedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export type Counter = 'members' | 'appointments' | 'services' | 'forms' | 'bookings';

export const orgKey = (id: string) => ({ pk: `ORG#${id}`, sk: 'PROFILE' });
export const apiKeyKey = (apiKey: string) => ({ pk: `APIKEY#${apiKey}`, sk: 'APIKEY' });
export const countersKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'COUNTERS' });

/** Public integration keys: long, random, recognisable. */
export const newApiKey = () => `pk_${randomId(24)}`;

// Get an organisation by id.
export async function getOrganization(id: string): Promise<Organization | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: orgKey(id) }));
  return strip<Organization>(out.Item);
}

/** The organisation as a public page shows it: getOrganization, cached for a few seconds (./public-cache.ts). */
export const getPublicOrganization = (id: string): Promise<Organization | undefined> => cachedRead(`org:${id}`, () => getOrganization(id));

// Resolve a public apiKey to its organisation id (public routes find their tenant this way only).
// Every public request asks: cached for a few seconds (./public-cache.ts; a rotated key stops within them).
export async function findOrgIdByApiKey(apiKey: string): Promise<string | undefined> {
  if (!/^pk_[A-Za-z0-9_-]{10,64}$/.test(apiKey)) return undefined;
  const orgId = await cachedRead(`apikey:${apiKey}`, async () => {
    const out = await ddb.send(new GetCommand({ TableName: table(), Key: apiKeyKey(apiKey) }));
    return out.Item?.orgId as string | undefined;
  });
  if (orgId) noteTenant(orgId);
  return orgId;
}

/** Items creating an organisation with its apiKey and zeroed counters, for one transaction. */
export function createOrganizationItems(org: Organization): TransactItem[] {
  return [
    { Put: { TableName: table(), Item: { ...orgKey(org.id), ...org }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...apiKeyKey(org.apiKey), orgId: org.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: table(),
        // reportingSince: the reports (data/reports.ts) count everything of an organisation made since.
        Item: { ...countersKey(org.id), members: 1, appointments: 0, services: 0, forms: 0, bookings: 0, reportingSince: org.createdAt },
      },
    },
  ];
}

/** An Update item that moves a kept counter by `by`, to put in the same transaction as the write it counts. */
export function counterUpdate(orgId: string, counter: Counter, by: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: countersKey(orgId),
      UpdateExpression: 'ADD #c :by',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

// Read the kept counters of an organisation.
export async function getCounters(orgId: string): Promise<Record<Counter, number>> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: countersKey(orgId) }));
  const item = out.Item ?? {};
  return {
    members: Number(item.members ?? 0),
    appointments: Number(item.appointments ?? 0),
    services: Number(item.services ?? 0),
    forms: Number(item.forms ?? 0),
    bookings: Number(item.bookings ?? 0),
  };
}

/** What members see of their organisation (the apiKey is the owner's integration view). */
export function toOrganizationProfile(org: Organization) {
  const { apiKey: _key, ...profile } = org;
  return { ...profile, address: org.address ?? '', defaultLanguage: org.defaultLanguage ?? DEFAULT_LOCALE, ...policyOf(org), smsCountryCodes: smsCountriesOf(org), logoKey: org.logoKey ?? null, brandColor: brandColorOf(org), currency: currencyOf(org.currency) };
}

// The currency an organisation charges in (USD when it is gone or from before currencies).
export async function getOrgCurrency(orgId: string): Promise<Currency> {
  return orgCurrency(await getOrganization(orgId));
}

/** The organisation's currency (USD for one from before currencies). */
export const orgCurrency = (org: Pick<Organization, 'currency'> | undefined): Currency => currencyOf(org?.currency);

export type ProfileFields = Partial<
  Pick<Organization, 'name' | 'email' | 'legalName' | 'websiteUrl' | 'phoneNumber' | 'address' | 'timeZone' | 'defaultLanguage' | 'reminderHours' | 'reminderSms' | 'cancellationCutoffHours' | 'cancellationRefund' | 'smsCountryCodes' | 'brandColor' | 'currency'>
>;

/** The public address of an uploaded file (served at /assets/<key>, functions/lib/storage.ts). */
export const assetAddress = (key: string) => `${config.appUrl}/assets/${key.split('/').map(encodeURIComponent).join('/')}`;

/** How the clinic's mails look: its name, logo and colour (functions/lib/mail-layout.ts). */
export const mailBrandOf = (org: Pick<Organization, 'name' | 'logoKey' | 'brandColor'>): MailBrand => ({
  name: org.name,
  ...(org.logoKey ? { logoUrl: assetAddress(org.logoKey) } : {}),
  ...(org.brandColor ? { color: org.brandColor } : {}),
});

/**
 * How the clinic's public pages look (issue 34): its logo as a path on the site (the pages' CSP allows
 * images from 'self', and an embedded page is on our origin too) and its colour when it chose one.
 */
export const publicBrandOf = (org: Pick<Organization, 'logoKey' | 'brandColor'>) => ({
  logoUrl: org.logoKey ? `/assets/${org.logoKey.split('/').map(encodeURIComponent).join('/')}` : null,
  color: isBrandColor(org.brandColor) ? org.brandColor.toLowerCase() : null,
});

/**
 * Who a clinic's mails to its patients come from: its name, and its contact address (the profile's
 * email, which the clinic gave for this) as Reply-To, so a patient's reply reaches the clinic instead
 * of our no-reply address. An address a header could not carry as it is is left out.
 */
export const mailSenderOf = (org: Pick<Organization, 'name' | 'email'>): MailSender => ({
  name: org.name,
  ...(isPlainAddress(org.email) ? { replyTo: org.email.trim() } : {}),
});

/** An Update item for profile fields, for one transaction with its audit entry. */
export function updateOrganizationItem(orgId: string, fields: ProfileFields, now: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: orgKey(orgId),
      ConditionExpression: 'attribute_exists(pk)',
      ...setClause({ ...fields, updatedAt: now }),
    },
  };
}

/**
 * Items replacing an organisation's apiKey, for ONE transaction: the old key's lookup item goes, the
 * new one comes, and the organisation records it. The conditions make a racing rotation fail whole
 * rather than leave two working keys; the old key stops resolving the moment the transaction commits.
 */
export function rotateApiKeyItems(org: Pick<Organization, 'id' | 'apiKey'>, newKey: string, now: string): TransactItem[] {
  return [
    {
      Delete: {
        TableName: table(),
        Key: apiKeyKey(org.apiKey),
        ConditionExpression: 'orgId = :org',
        ExpressionAttributeValues: { ':org': org.id },
      },
    },
    { Put: { TableName: table(), Item: { ...apiKeyKey(newKey), orgId: org.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: table(),
        Key: orgKey(org.id),
        UpdateExpression: 'SET apiKey = :new, apiKeyRotatedAt = :now, updatedAt = :now',
        ConditionExpression: 'apiKey = :old',
        ExpressionAttributeValues: { ':new': newKey, ':old': org.apiKey, ':now': now },
      },
    },
  ];
}

// Save profile fields with the audit entry; false when the organisation is gone.
export function updateOrganizationProfile(orgId: string, fields: ProfileFields, actorId: string): Promise<boolean> {
  const now = new Date().toISOString();
  const changed = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k]) => k);
  return tryTransact([
    updateOrganizationItem(orgId, fields, now),
    auditItem({ orgId, actorId, module: 'Organization', action: 'update', recordType: 'organization', recordId: orgId, summary: `Updated organisation profile (${changed.join(', ')})`, at: now }),
  ]);
}

// Replace the apiKey with the audit entry; false when a racing rotation changed it first.
export function rotateApiKey(org: Pick<Organization, 'id' | 'apiKey'>, newKey: string, actorId: string, now: string): Promise<boolean> {
  return tryTransact([
    ...rotateApiKeyItems(org, newKey, now),
    auditItem({ orgId: org.id, actorId, module: 'Organization', action: 'update', recordType: 'integration-key', recordId: org.id, summary: 'Generated a new integration key (the previous key no longer works)', at: now }),
  ]);
}

/** Where an organisation's mail logos are stored (public: mail clients fetch them from /assets). */
export const logoPrefix = (orgId: string) => `org/${orgId}/branding`;

/**
 * Sets (key) or removes (null) the mail logo with its audit entry, if the logo is still `previous`
 * (the one read before): false when another change came first or the organisation is gone.
 */
export function setOrganizationLogo(orgId: string, key: string | null, previous: string | undefined, actorId: string): Promise<boolean> {
  const now = new Date().toISOString();
  return tryTransact([
    {
      Update: {
        TableName: table(),
        Key: orgKey(orgId),
        UpdateExpression: key ? 'SET logoKey = :key, updatedAt = :now' : 'SET updatedAt = :now REMOVE logoKey',
        ConditionExpression: previous ? 'logoKey = :previous' : 'attribute_exists(pk) AND attribute_not_exists(logoKey)',
        ExpressionAttributeValues: { ':now': now, ...(key ? { ':key': key } : {}), ...(previous ? { ':previous': previous } : {}) },
      },
    },
    auditItem({ orgId, actorId, module: 'Organization', action: 'update', recordType: 'organization', recordId: orgId, summary: key ? 'Uploaded the mail logo' : 'Removed the mail logo', at: now }),
  ]);
}
