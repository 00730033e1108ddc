// /lead-generation/add and /lead-generation/:id (Forms write to save): a form package. Price in the
// clinic's currency (shared/currency.ts rules); the HTML description is previewed with the same sanitiser the server applies on save;
// the image (png, jpeg, webp, gif; at most 4 MB) is uploaded after the package is saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { sanitizeHtml } from '#shared/forms/sanitize-html';
import { formatMoney, minimumOf } from '#shared/currency';
import { formPackageSchemaIn, type formPackageSchema } from '#shared/forms/schemas';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '#shared/uploads';
import { controlProps, Field } from '../../../components/field';
import { MoneyInput, moneyInputValue, PricedBefore, RepriceNote, typingLocale, useOldPrice } from '../../../components/money-input';
import { useClinicCurrency } from '../../../lib/clinic-currency';
import { Busy, Loading } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { applyServerErrors } from '../../../lib/forms';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { createPackage, updatePackage, uploadPackageImage, usePackage, type PackageView } from '../api/forms';
import { packageEditPath } from '../lib';
import { failureText } from '../../../lib/api';

type Input = z.input<typeof formPackageSchema>;
type Output = z.output<typeof formPackageSchema>;
const FIELDS = ['name', 'description', 'price'] as const;

function PackageForm({ pkg }: { pkg?: PackageView }) {
  const navigate = useNavigate();
  const canAccess = useAccess();
  const readOnly = !canAccess({ module: 'Forms', action: 'write' });
  const [status, setStatus] = useState<Status | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [image, setImage] = useState(pkg?.imageUrl ?? null);
  // Typed as the person writes numbers; a package priced before a change of currency keeps its own
  // price until 'Set a price in ...'.
  const clinic = useClinicCurrency();
  const locale = typingLocale();
  const price = useOldPrice(pkg, clinic);
  const currency = price.currency;
  const schema = useMemo(() => formPackageSchemaIn(currency, locale), [currency, locale]);
  const initialPrice = pkg ? moneyInputValue(pkg.priceCents, pkg.currency ?? 'usd', locale) : '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: pkg
      ? { name: pkg.name, description: pkg.description ?? '', price: initialPrice, customAmountEnabled: pkg.customAmountEnabled, isPayable: pkg.isPayable }
      : { name: '', description: '', price: '', customAmountEnabled: false, isPayable: true },
  });
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const description = useWatch({ control, name: 'description' });
  const custom = useWatch({ control, name: 'customAmountEnabled' });

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      // The currency the price is in: the server keeps a package's own only when the page says so.
      const body = { ...values, price: values.price, description: values.description || null, currency };
      const result = pkg ? await updatePackage(pkg.id, body) : await createPackage(body);
      if (!result.success || !result.data.data) {
        setStatus({ kind: 'danger', text: result.message || 'The package could not be saved.' });
        applyServerErrors(setError, result.data.errors, FIELDS);
        return;
      }
      const saved = result.data.data;
      if (file) {
        const up = await uploadPackageImage(saved.id, file);
        if (!up.success) {
          notify.warn(`The package is saved, but not its image: ${up.message}`);
          if (!pkg) navigate(packageEditPath(saved.id), { replace: true });
          return;
        }
        setImage(up.data.data?.imageUrl ?? null);
        setFile(null);
      }
      notify.success(result.message || 'Package saved.');
      navigate(paths.leadGeneration.list);
    } catch {
      setStatus({ kind: 'danger', text: 'The package could not be saved. Please check your connection.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="card border-0 shadow-sm" aria-labelledby="package-title" style={{ maxWidth: 820 }}>
      <div className="card-header bg-transparent py-3">
        <h2 id="package-title" className="h6 fw-bold mb-0">{pkg ? 'Edit package' : 'New package'}</h2>
      </div>
      <fieldset className="card-body" disabled={readOnly}>
        <StatusBanner status={status} />
        <div className="row g-3">
          <Field id="name" label="Name" required error={e('name')} className="col-md-8">
            <input {...register('name')} {...controlProps('name', e('name'), { required: true })} />
          </Field>
          <Field
            id="price"
            label={`${custom ? 'Minimum amount' : 'Price'} (${currency.toUpperCase()})`}
            required
            error={e('price')}
            className="col-md-4"
            hint={
              price.keeping ? undefined : price.repricing && pkg ? (
                <RepriceNote minor={pkg.priceCents} currency={pkg.currency ?? 'usd'} clinicCurrency={clinic.currency} onKeep={() => { price.setRepricing(false); setValue('price', initialPrice); }} />
              ) : custom ? `Visitors pay at least this (and at least ${formatMoney(minimumOf(currency), currency)}).` : undefined
            }
          >
            {price.keeping && pkg ? (
              <PricedBefore id="price" minor={pkg.priceCents} currency={currency} clinicCurrency={clinic.currency} onReprice={() => { setValue('price', ''); price.setRepricing(true); }} />
            ) : (
              // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the Reprice button the member pressed is replaced by this input: the focus follows to it rather than falling to the page
              <MoneyInput currency={currency} autoFocus={price.repricing} {...register('price')} {...controlProps('price', e('price'), { required: true })} />
            )}
          </Field>
          <div className="col-12 d-flex flex-wrap gap-4">
            <div className="form-check form-switch">
              <input id="isPayable" type="checkbox" className="form-check-input" {...register('isPayable')} />
              <label htmlFor="isPayable" className="form-check-label">Can be paid online by card</label>
            </div>
            <div className="form-check form-switch">
              <input id="customAmountEnabled" type="checkbox" className="form-check-input" {...register('customAmountEnabled')} />
              <label htmlFor="customAmountEnabled" className="form-check-label">Visitor chooses the amount</label>
            </div>
          </div>
          <Field id="description" label="Description (HTML)" error={e('description')} className="col-md-6" hint="Formatting tags and links are kept; scripts and styles are removed.">
            <textarea {...register('description')} {...controlProps('description', e('description'))} rows={8} />
          </Field>
          <div className="col-md-6">
            <div className="form-label fw-semibold small text-body-emphasis mb-1">Description preview</div>
            <div className="border rounded p-2 small" style={{ minHeight: 160 }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(description ?? '') }} />
          </div>
          <div className="col-12">
            <label htmlFor="image" className="form-label fw-semibold small text-body-emphasis mb-1">Image</label>
            <div className="d-flex gap-3 align-items-center">
              {image && <img src={image} alt="" className="rounded object-fit-cover" width={120} height={80} />}
              <input id="image" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="form-control" onChange={(ev) => {
                  const chosen = ev.target.files?.[0] ?? null;
                  if (chosen && chosen.size > MAX_UPLOAD_BYTES) {
                    ev.target.value = '';
                    setFile(null);
                    notify.error(`The image must be ${MAX_UPLOAD_LABEL} or smaller.`);
                    return;
                  }
                  setFile(chosen);
                }} />
            </div>
            <div className="form-text">At least 100 px wide, or the public page shows a placeholder. At most {MAX_UPLOAD_LABEL}.</div>
          </div>
        </div>
      </fieldset>
      <div className="card-footer bg-transparent py-3 d-flex justify-content-end gap-2">
        <Link to={paths.leadGeneration.list} className="btn btn-light">Cancel</Link>
        {!readOnly && (
          <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>
            {isSubmitting ? <Busy>Saving...</Busy> : 'Save package'}
          </button>
        )}
      </div>
    </form>
  );
}

export function PackageEditPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit Package' : 'Add Package', [{ title: 'Form Builder', path: paths.formBuilder.list }, { title: 'Packages', path: paths.leadGeneration.list }]);
  const { data, error, isLoading } = usePackage(id);
  if (!id) return <PackageForm />;
  if (isLoading) return <Loading label="Loading the package..." showLabel />;
  if (error || !data) return <div className="alert alert-danger" role="alert">{failureText(error, 'Package not found.')}</div>;
  return <PackageForm key={data.id} pkg={data} />;
}

export { PackageEditPage as Component };
