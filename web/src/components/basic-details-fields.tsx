// The personal details fields (spec sections 3 and 5), for sign-up's basic details and the profile,
// in the spec's order: username, first, middle and last name, phone number, gender, city, country.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { COUNTRIES } from '#shared/countries';
import { GENDERS, type BasicDetails } from '#shared/schemas/account';
import { controlProps, Field } from './field';

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
      <Field id="username" label="Username" required error={e('username')} className="col-12">
        <input {...register('username')} {...controlProps('username', e('username'), { required: true })} autoComplete="username" autoFocus={autoFocus} />
      </Field>
      <Field id="firstName" label="First name" required error={e('firstName')} className="col-md-4">
        <input {...register('firstName')} {...controlProps('firstName', e('firstName'), { required: true })} autoComplete="given-name" />
      </Field>
      <Field id="middleName" label="Middle name" error={e('middleName')} className="col-md-4">
        <input {...register('middleName')} {...controlProps('middleName', e('middleName'))} autoComplete="additional-name" />
      </Field>
      <Field id="lastName" label="Last name" required error={e('lastName')} className="col-md-4">
        <input {...register('lastName')} {...controlProps('lastName', e('lastName'), { required: true })} autoComplete="family-name" />
      </Field>
      <Field id="phoneNumber" label="Phone number" required error={e('phoneNumber')} className="col-md-6">
        <input {...register('phoneNumber')} {...controlProps('phoneNumber', e('phoneNumber'), { required: true })} type="tel" autoComplete="tel" placeholder="+15551234567" />
      </Field>
      <Field id="gender" label="Gender" required error={e('gender')} className="col-md-6">
        <select {...register('gender')} {...controlProps('gender', e('gender'), { base: 'form-select', required: true })}>
          <option value="">Select your gender</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {GENDER_LABELS[g]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="city" label="City" error={e('city')} className="col-md-6">
        <input {...register('city')} {...controlProps('city', e('city'))} autoComplete="address-level2" />
      </Field>
      <Field id="country" label="Country" error={e('country')} className="col-md-6">
        <select {...register('country')} {...controlProps('country', e('country'), { base: 'form-select' })}>
          <option value="">Select a country</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
