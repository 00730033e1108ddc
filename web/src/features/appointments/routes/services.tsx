// /services (Appointment read): service categories and the services the clinic offers (duration,
// price, active). Adding and editing need Appointment write, deleting Appointment delete. Active
// services are the appointment types of the booking forms.
import { useState } from 'react';
import { formatMoney, type Currency } from '#shared/currency';
import { moneyMessage, parseMoney } from '#shared/money-text';
import { ActiveBadge } from '../../../components/active-badge';
import { MoneyInput, moneyInputValue, PricedBefore, RepriceNote, typingLocale, useOldPrice } from '../../../components/money-input';
import { useClinicCurrency } from '../../../lib/clinic-currency';
import Modal from '../../../components/modal';
import { Busy, Loading } from '../../../components/loading';
import type { ApiResult } from '../../../lib/api';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import {
  createCategory, createService, deleteCategory, deleteService, updateCategory, updateService, useCategories, useServices,
  type Category, type Service,
} from '../api/services';
import { ACTIONS, ListCard, PagerFooter } from '../../../components/list-card';

type Editing = { kind: 'category'; item?: Category } | { kind: 'service'; item?: Service } | null;

async function save(call: () => Promise<ApiResult<unknown>>, done: () => void, setError: (m: string) => void) {
  try {
    const result = await call();
    if (result.success) {
      notify.success(result.message);
      done();
    } else setError(Object.values(result.data.errors ?? {})[0] ?? result.message ?? 'It could not be saved.');
  } catch {
    setError('It could not be saved. Please check your connection.');
  }
}

function CategoryForm({ item, onDone, onCancel }: { item?: Category; onDone: () => void; onCancel: () => void }) {
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const body = { name, description };
    await save(() => (item ? updateCategory(item.id, { ...body, version: item.version }) : createCategory(body)), onDone, setError);
    setBusy(false);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Modal.Body>
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <label htmlFor="category-name" className="form-label fw-semibold small">Name</label>
        <input id="category-name" className="form-control mb-3" value={name} onChange={(e) => setName(e.target.value)} required />
        <label htmlFor="category-description" className="form-label fw-semibold small">Description</label>
        <textarea id="category-description" className="form-control" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={busy}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>{busy ? <Busy /> : 'Save'}</button>
      </Modal.Footer>
    </form>
  );
}

function ServiceForm({ item, categories, clinicCurrency, onDone, onCancel }: { item?: Service; categories: Category[]; clinicCurrency: Currency; onDone: () => void; onCancel: () => void }) {
  // A service keeps the currency it was priced in until it is priced again: its price shows in that
  // currency, and a new price ('Set a price in ...') is typed in the clinic's, as the person writes numbers.
  const locale = typingLocale();
  const old = useOldPrice(item, { currency: clinicCurrency, loading: false });
  const initialPrice = item ? moneyInputValue(item.priceMinor, item.currency, locale) : '';
  const [v, setV] = useState({
    categoryId: item?.categoryId ?? categories[0]?.id ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    durationMinutes: String(item?.durationMinutes ?? 30),
    price: initialPrice,
    active: item?.active ?? true,
  });
  const currency = old.currency;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setV((old) => ({ ...old, [k]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!old.keeping && v.price.trim() === '') return setError('Please enter a price (0 for free).');
    // By the currency's rules (no decimals for yen, KWD ends in 0); a service may cost less than a card's minimum.
    const price = old.keeping && item ? { minor: item.priceMinor } : parseMoney(v.price, currency, { locale, anyAmount: true });
    if (price.problem) return setError(moneyMessage(price.problem, currency, { locale, typed: v.price }));
    setBusy(true);
    setError(undefined);
    const body = { categoryId: v.categoryId, name: v.name, description: v.description, durationMinutes: Number(v.durationMinutes), priceMinor: price.minor, currency, active: v.active };
    await save(() => (item ? updateService(item.id, { ...body, version: item.version }) : createService(body)), onDone, setError);
    setBusy(false);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Modal.Body>
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <div className="row g-3">
          <div className="col-12">
            <label htmlFor="service-category" className="form-label fw-semibold small">Category</label>
            <select id="service-category" className="form-select" value={v.categoryId} onChange={set('categoryId')}>
              {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </div>
          <div className="col-12">
            <label htmlFor="service-name" className="form-label fw-semibold small">Name</label>
            <input id="service-name" className="form-control" value={v.name} onChange={set('name')} />
          </div>
          <div className="col-6">
            <label htmlFor="service-duration" className="form-label fw-semibold small">Duration (minutes)</label>
            <input id="service-duration" type="number" min={5} max={1440} step={5} className="form-control" value={v.durationMinutes} onChange={set('durationMinutes')} />
          </div>
          <div className={old.old ? 'col-12' : 'col-6'}>
            <label htmlFor="service-price" className="form-label fw-semibold small">Price ({currency.toUpperCase()})</label>
            {old.keeping && item ? (
              <PricedBefore id="service-price" minor={item.priceMinor} currency={item.currency} clinicCurrency={clinicCurrency} onReprice={() => { setV((o) => ({ ...o, price: '' })); old.setRepricing(true); }} />
            ) : (
              // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the Reprice button the member pressed is replaced by this input: the focus follows to it rather than falling to the page
              <MoneyInput id="service-price" currency={currency} className="form-control" value={v.price} onChange={set('price')} autoFocus={old.repricing} />
            )}
            {old.repricing && item && (
              <div className="form-text">
                <RepriceNote minor={item.priceMinor} currency={item.currency} clinicCurrency={clinicCurrency} onKeep={() => { setV((o) => ({ ...o, price: initialPrice })); old.setRepricing(false); }} />
              </div>
            )}
          </div>
          <div className="col-12">
            <label htmlFor="service-description" className="form-label fw-semibold small">Description</label>
            <textarea id="service-description" className="form-control" rows={2} value={v.description} onChange={set('description')} />
          </div>
          <div className="col-12 form-check ms-2">
            <input id="service-active" type="checkbox" className="form-check-input" checked={v.active} onChange={set('active')} />
            <label htmlFor="service-active" className="form-check-label">Active (offered on the booking forms)</label>
          </div>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={busy}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={busy || !v.name.trim() || !v.categoryId}>{busy ? <Busy /> : 'Save'}</button>
      </Modal.Footer>
    </form>
  );
}

export function ServicesPage() {
  usePageTitle('Services', [{ title: 'Service Management' }]);
  const canAccess = useAccess();
  const canWrite = canAccess({ module: 'Appointment', action: 'write' });
  const canDelete = canAccess({ module: 'Appointment', action: 'delete' });
  const categories = useCategories();
  const { currency: clinicCurrency } = useClinicCurrency();
  const [categoryId, setCategoryId] = useState<string>();
  // Another category starts again at page 1 (a new query for usePaged).
  const services = useServices({ categoryId });
  const [editing, setEditing] = useState<Editing>(null);
  const cats = categories.data?.items ?? [];
  const nameOf = (id: string) => cats.find((c) => c.id === id)?.name ?? '';
  const reload = () => {
    void categories.mutate();
    void services.reload();
  };
  const remove = async (what: string, call: () => Promise<ApiResult<unknown>>) => {
    if (!window.confirm(`Delete ${what}?`)) return;
    const result = await call().catch(() => undefined);
    if (result?.success) notify.success(result.message);
    else notify.error(result?.message || 'It could not be deleted.');
    reload();
  };

  return (
    <div className="row g-4">
      <div className="col-lg-4">
        <section className="card border-0 shadow-sm" aria-labelledby="categories-title">
          <div className="card-header bg-transparent py-3 d-flex justify-content-between align-items-center">
            <h2 id="categories-title" className="h6 fw-bold mb-0">Categories</h2>
            {canWrite && <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing({ kind: 'category' })}>Add category</button>}
          </div>
          {categories.isLoading ? (
            <Loading />
          ) : (
            <div className="list-group list-group-flush">
              <button type="button" className={`list-group-item list-group-item-action${!categoryId ? ' active' : ''}`} onClick={() => setCategoryId(undefined)}>
                All services
              </button>
              {cats.map((c) => (
                <div key={c.id} className={`list-group-item d-flex align-items-center gap-2${categoryId === c.id ? ' active' : ''}`}>
                  <button type="button" className="btn btn-link p-0 text-start flex-grow-1 text-reset text-decoration-none" onClick={() => setCategoryId(c.id)}>
                    {c.name} <span className="small opacity-75">({c.serviceCount})</span>
                  </button>
                  {canWrite && <button type="button" className="btn btn-sm btn-link text-reset" aria-label={`Edit ${c.name}`} onClick={() => setEditing({ kind: 'category', item: c })}><i className="bi bi-pencil" aria-hidden="true" /></button>}
                  {canDelete && <button type="button" className="btn btn-sm btn-link text-reset" aria-label={`Delete ${c.name}`} onClick={() => void remove(`the category ${c.name}`, () => deleteCategory(c.id, c.version))}><i className="bi bi-trash" aria-hidden="true" /></button>}
                </div>
              ))}
            </div>
          )}
        </section>
      </div>
      <div className="col-lg-8">
        <ListCard
          titleId="services-title"
          title={categoryId ? nameOf(categoryId) : 'All services'}
          actions={
            canWrite && (
              <button type="button" className="btn btn-sm btn-primary" disabled={!cats.length} title={cats.length ? undefined : 'Add a category first'} onClick={() => setEditing({ kind: 'service' })}>
                Add service
              </button>
            )
          }
          list={services}
          retry={false}
          noun="services"
          empty={services.page.length === 0}
          emptyText={cats.length ? 'No services here yet.' : 'Add a category, then its services.'}
          columns={['Service', 'Category', 'Duration', 'Price', 'Active', ACTIONS]}
          footer={<PagerFooter list={services} />}
        >
          {services.page.map((s) => (
            <tr key={s.id}>
              <td className="ps-4 fw-semibold">{s.name}{s.description && <div className="small text-body-secondary fw-normal">{s.description}</div>}</td>
              <td className="small">{nameOf(s.categoryId)}</td>
              <td>{s.durationMinutes} min</td>
              <td>{formatMoney(s.priceMinor, s.currency)}</td>
              <td><ActiveBadge active={s.active} /></td>
              <td className="text-end pe-4 text-nowrap">
                {canWrite && <button type="button" className="btn btn-sm btn-light me-1" onClick={() => setEditing({ kind: 'service', item: s })}>Edit</button>}
                {canDelete && <button type="button" className="btn btn-sm btn-light text-danger" onClick={() => void remove(`the service ${s.name}`, () => deleteService(s.id, s.version))}>Delete</button>}
              </td>
            </tr>
          ))}
        </ListCard>
      </div>
      <Modal show={editing !== null} onHide={() => setEditing(null)} centered aria-labelledby="edit-title">
        <Modal.Header closeButton>
          <Modal.Title id="edit-title" as="h2" className="h5 fw-bold">
            {editing?.item ? 'Edit' : 'Add'} {editing?.kind === 'category' ? 'category' : 'service'}
          </Modal.Title>
        </Modal.Header>
        {editing?.kind === 'category' && <CategoryForm item={editing.item} onCancel={() => setEditing(null)} onDone={() => { setEditing(null); reload(); }} />}
        {editing?.kind === 'service' && <ServiceForm item={editing.item} categories={cats} clinicCurrency={clinicCurrency} onCancel={() => setEditing(null)} onDone={() => { setEditing(null); reload(); }} />}
      </Modal>
    </div>
  );
}

export { ServicesPage as Component };
