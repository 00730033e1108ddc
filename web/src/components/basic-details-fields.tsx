// The personal details fields (spec sections 3 and 5), for sign-up's basic details and the profile,
// in the spec's order: username, first, middle and last name, phone number, gender, city, country.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { COUNTRIES } from '#shared/countries';
import { GENDERS, type BasicDetails } from '#shared/account/schemas';
import { InputField, SelectField } from './field';

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer not to say': 'Prefer not to say',
};

/** The fields, for putting the server's messages on them. */
export const BASIC_DETAILS_FIELDS = ['username', 'firstName', 'middleName', 'lastName', 'phoneNumber', 'gender', 'city', 'country'] as const;

export const genderLabel = (gender: string | undefined) => (gender ? (GENDER_LABELS[gender as keyof typeof GENDER_LABELS] ?? gender) : undefined);

interface BasicDetailsFieldsProps {
  register: UseFormRegister<BasicDetails>;
  errors: FieldErrors<BasicDetails>;
  autoFocus?: boolean;
  /** A saved country that is not in the list still shows as chosen. */
  currentCountry?: string;
}

export function BasicDetailsFields({ register, errors, autoFocus, currentCountry }: BasicDetailsFieldsProps) {
  const e = (name: keyof BasicDetails) => errors[name]?.message;
  const countries: readonly string[] = currentCountry && !(COUNTRIES as readonly string[]).includes(currentCountry) ? [currentCountry, ...COUNTRIES] : COUNTRIES;
  return (
    <div className="row g-3">
      {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the caller's choice: sign-up's details step, a page of this one task, starts at its first field */}
      <InputField field={register('username')} label="Username" required error={e('username')} className="col-12" autoComplete="username" autoFocus={autoFocus} />
      <InputField field={register('firstName')} label="First name" required error={e('firstName')} className="col-md-4" autoComplete="given-name" />
      <InputField field={register('middleName')} label="Middle name" error={e('middleName')} className="col-md-4" autoComplete="additional-name" />
      <InputField field={register('lastName')} label="Last name" required error={e('lastName')} className="col-md-4" autoComplete="family-name" />
      <InputField field={register('phoneNumber')} label="Phone number" required error={e('phoneNumber')} className="col-md-6" type="tel" autoComplete="tel" placeholder="+15551234567" />
      <SelectField field={register('gender')} label="Gender" required error={e('gender')} className="col-md-6" placeholder="Select your gender" options={GENDERS} optionLabel={(g) => GENDER_LABELS[g as (typeof GENDERS)[number]]} />
      <InputField field={register('city')} label="City" error={e('city')} className="col-md-6" autoComplete="address-level2" />
      <SelectField field={register('country')} label="Country" error={e('country')} className="col-md-6" placeholder="Select a country" options={countries} />
    </div>
  );
}
