import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormField } from '#shared/forms/types';
import type { PublicForm, PublicPackage } from './api';
import { mockApi, renderRoutes } from '../../testing/render';
import { keepCheckout } from './use-payment-return';
import { PublicFormPage } from './form-page';
import { checkoutNavigation } from '../../lib/checkout';

const fields: FormField[] = [
  { id: 'name', name: 'name', label: 'Full name', type: 'text', required: true, attributes: [{ attributeName: 'minLength', attributeValue: '3' }] },
  { id: 'email', name: 'email', label: 'Email', type: 'email', required: true },
  { id: 'agree', name: 'agree', label: 'I agree', type: 'checkbox', required: true },
  { id: 'ref', name: 'ref', label: 'Ref', type: 'hidden', required: false },
];

const pkg = (id: string, over: Partial<PublicPackage> = {}): PublicPackage => ({
  id, name: `Package ${id}`, description: `<p>About ${id}</p><script>alert(1)</script>`, price: 40, priceCents: 4000, priceMinor: 4000, currency: 'usd', image: null, imageUrl: null, customAmountEnabled: false, isPayable: true, ...over,
});

const form = (over: Partial<PublicForm> = {}): PublicForm => ({
  id: 'f1', organizationName: 'Sunrise Clinic', organizationBrand: { logoUrl: null, color: null }, name: 'Intake form', description: 'Tell us about you', fields, packages: [], packageId: null,
  redirectUrl: '', successMessage: 'Thanks, we got it.', submitButtonText: 'Send it', secondButtonText: '', ...over,
});

const PATH = '/form-builder/public/f1/pk_test_key_123456';

function open(detail: PublicForm, answers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /api/leads/forms/f1': { status: 200, body: { message: 'OK', data: detail } }, ...answers });
  // The page reads its own address for Stripe's return links (it has no router).
  window.history.replaceState(null, '', PATH);
  const view = renderRoutes([{ path: '/form-builder/public/:formId/:apiKey', element: <PublicFormPage formId="f1" apiKey="pk_test_key_123456" /> }], PATH);
  return { ...view, calls };
}

async function fill(user: ReturnType<typeof open>['user'], scope = screen) {
  await user.type(scope.getByLabelText(/^Full name/), 'Ada Lovelace');
  await user.type(scope.getByLabelText(/^Email/), 'ada@example.com');
  await user.click(scope.getByLabelText(/^I agree/));
}

describe('PublicFormPage', { timeout: 15_000 }, () => {
  it('shows the form; checks it with the shared rules before sending anything', async () => {
    const { user, calls } = open(form());
    expect(await screen.findByRole('heading', { name: 'Intake form' })).toBeInTheDocument();
    expect(screen.getByText('Tell us about you')).toBeInTheDocument();
    expect(screen.getByTestId('clinic-name')).toHaveTextContent('Sunrise Clinic');
    // A required label has a red star; hidden fields have no label.
    expect(screen.getByText('Full name').closest('label')!.querySelector('.text-danger')).toHaveTextContent('*');
    expect(screen.queryByText('Ref')).not.toBeInTheDocument();
    // Not payable, no second text: 'Send it' only.
    expect(screen.getByRole('button', { name: 'Send it' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Form' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Full name/), 'Al');
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    const list = await screen.findByRole('alert');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Full name must be at least 3 characters.', 'Email is required.', 'I agree is required.']);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('submits without payment, clears the form and opens the redirect on this site after 1.5 s', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user, calls } = open(form({ redirectUrl: 'thanks' }), {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'Thanks, we got it.', data: { submissionId: 's1', packageId: null, isPayable: false, redirectUrl: 'thanks' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      apiKey: 'pk_test_key_123456',
      packageId: null,
      items: [{ fieldId: 'name', value: 'Ada Lovelace' }, { fieldId: 'email', value: 'ada@example.com' }, { fieldId: 'agree', value: 'true' }],
      locale: 'en',
    });
    expect(await screen.findByText('Thanks, we got it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue(''));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(`${window.location.origin}/thanks`, '_blank'));
  });

  it('with several packages: cards on a grid, Select opens the dialog, Pay Now submits then goes to the payment link in this tab', async () => {
    const opened = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const popup = vi.spyOn(window, 'open');
    const detail = form({ packages: [pkg('a'), pkg('b', { price: 60, priceCents: 6000 }), pkg('c'), pkg('d')], packageId: 'b', secondButtonText: 'Later' });
    const { user, calls } = open(detail, {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'b', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': { status: 201, body: { message: 'Redirecting to payment page...', data: { url: 'http://localhost/local/checkout/cs_1', sessionId: 'cs_1', paymentId: 'p1' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(document.querySelector('[data-per-row]')).toHaveAttribute('data-per-row', '2');
    // The default is the package the form names; descriptions render as sanitised HTML.
    expect(within(cards[1]).getByText('Selected')).toBeInTheDocument();
    expect(within(cards[1]).getByText('$60.00')).toBeInTheDocument();
    expect(within(cards[0]).getByText('About a')).toBeInTheDocument();
    expect(document.querySelector('article script')).toBeNull();

    await user.click(within(cards[1]).getByRole('button', { name: 'Select' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Intake form' })).toBeInTheDocument();
    expect(within(dialog).getByText('Package b')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await fill(user, within(dialog) as unknown as typeof screen);
    await user.click(within(dialog).getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [sent, session] = calls.filter((c) => c.method === 'POST');
    expect(sent.body).toMatchObject({ packageId: 'b' });
    expect(session.body).toMatchObject({ formId: 'f1', apiKey: 'pk_test_key_123456', packageId: 'b', submissionId: 's1', currency: 'usd' });
    expect(session.body).not.toHaveProperty('amount');
    // Back to this page in its language (issue 34).
    expect((session.body as { successUrl: string }).successUrl).toBe(`${window.location.origin}${PATH}?payment=success&lang=en&session_id={CHECKOUT_SESSION_ID}`);
    expect((session.body as { cancelUrl: string }).cancelUrl).toBe(`${window.location.origin}${PATH}?payment=cancelled&lang=en`);
    expect(await screen.findByText('Redirecting to payment page...')).toBeInTheDocument();
    await waitFor(() => expect(opened).toHaveBeenCalledWith('http://localhost/local/checkout/cs_1'));
    expect(popup).not.toHaveBeenCalled();
  });

  it('with one custom-amount package: inline, no Select, the amount is checked and sent', async () => {
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const detail = form({ fields: [fields[1]], packages: [pkg('gift', { customAmountEnabled: true, price: 25, priceCents: 2500 })] });
    const { user, calls } = open(detail, {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'gift', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': { status: 201, body: { message: 'ok', data: { url: 'http://localhost/pay', sessionId: 'cs', paymentId: 'p' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    expect(screen.queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    const amount = screen.getByLabelText(/^Amount/);
    await user.type(amount, '10.555');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Amount must have no more than 2 decimal places')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('The amount must be at least $25.00 for this package.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '30.50');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toMatchObject({ packageId: 'gift', amount: expect.stringMatching(/^30\.50?$/) });
  });

  it("takes a custom amount in the package's currency: whole yen, ¥ and step 1, sent with 'jpy'", async () => {
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const detail = form({ fields: [fields[1]], packages: [pkg('gift', { customAmountEnabled: true, price: 3000, priceCents: 3000, priceMinor: 3000, currency: 'jpy' })] });
    const { user, calls } = open(detail, {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'gift', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': { status: 201, body: { message: 'ok', data: { url: 'http://localhost/pay', sessionId: 'cs', paymentId: 'p' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    const amount = screen.getByLabelText(/^Amount \(JPY\)/);
    expect(amount).toHaveAttribute('type', 'text');
    expect(amount).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('¥')).toBeInTheDocument();
    expect(screen.getByText('At least ¥3,000.')).toBeInTheDocument();
    await user.type(amount, '5000.5');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Amounts in JPY have no decimals')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toMatchObject({ packageId: 'gift', amount: '5000', currency: 'jpy' });
  });

  it('reads a custom amount typed with a decimal comma as the patient meant it (40,50 is 40.50, never 4050), and refuses one that reads two ways', async () => {
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const detail = form({ fields: [fields[1]], packages: [pkg('gift', { customAmountEnabled: true, price: 25, priceCents: 2500, priceMinor: 2500, currency: 'eur' })] });
    const { user, calls } = open(detail, {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'gift', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': { status: 201, body: { message: 'ok', data: { url: 'http://localhost/pay', sessionId: 'cs', paymentId: 'p' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    const amount = screen.getByLabelText(/^Amount \(EUR\)/);
    // On an English page '1.234' could be 1234 (grouping) or 1.234: refused, not guessed.
    await user.type(amount, '1.234');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Amount must have no more than 2 decimal places')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '40,50');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toMatchObject({ packageId: 'gift', amount: '40.50', currency: 'eur' });
  });

  it('a retry of the same submission and payment link sends the same Idempotency-Keys', async () => {
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    let linkTries = 0;
    const detail = form({ fields: [fields[1]], packages: [pkg('one', { customAmountEnabled: true, price: 25, priceCents: 2500 })] });
    const { user, calls } = open(detail, {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'one', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': () =>
        ++linkTries === 1
          ? { status: 502, body: { message: 'The payment provider did not answer as expected. Please try again.' } }
          : { status: 201, body: { message: 'ok', data: { url: 'http://localhost/pay', sessionId: 'cs', paymentId: 'p' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Amount/), '30');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The payment provider did not answer as expected. Please try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/leads/payments/session')).toHaveLength(2));
    const keysOf = (path: string) => calls.filter((c) => c.path === path).map((c) => c.headers['idempotency-key']);
    const [firstSubmission, secondSubmission] = keysOf('/api/form-builder/form/f1/submissions');
    const [firstLink, secondLink] = keysOf('/api/leads/payments/session');
    // The submission is sent again with its key (the server answers with the same lead), and so is the link.
    expect(firstSubmission).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondSubmission).toBe(firstSubmission);
    expect(firstLink).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondLink).toBe(firstLink);
    expect(firstLink).not.toBe(firstSubmission);
    expect(await screen.findByText('Redirecting to payment page...')).toBeInTheDocument();
  });

  it('after a cancelled payment the page is back (same tab) with the spec text, and offers the checkout left unpaid', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const detail = form({ fields: [fields[1]], packages: [pkg('one', { customAmountEnabled: true, price: 25, priceCents: 2500 })] });
    const answers = {
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'one', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': { status: 201, body: { message: 'ok', data: { url: 'http://localhost/pay', sessionId: 'cs', paymentId: 'p' } } },
    };
    const { user, unmount } = open(detail, answers);
    await screen.findByRole('heading', { name: 'Intake form' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Amount/), '30');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Redirecting to payment page...')).toBeInTheDocument();
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/pay'));
    unmount();

    // Stripe sends the visitor back to ?payment=cancelled in this tab: the checkout is offered again (no second lead).
    const calls = mockApi({ 'GET /api/leads/forms/f1': { status: 200, body: { message: 'OK', data: detail } }, ...answers });
    window.history.replaceState(null, '', `${PATH}?payment=cancelled&lang=en`);
    const { user: again } = renderRoutes([{ path: '/form-builder/public/:formId/:apiKey', element: <PublicFormPage formId="f1" apiKey="pk_test_key_123456" /> }], PATH);
    expect(await screen.findByText(/Payment was cancelled; nothing was charged\./)).toBeInTheDocument();
    await again.click(await screen.findByRole('button', { name: 'Return to payment' }));
    expect(go).toHaveBeenLastCalledWith('http://localhost/pay');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('back with the back button (no ?payment=), the checkout left unpaid is offered as well', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    keepCheckout('f1', 'http://localhost/pay');
    const detail = form({ fields: [fields[1]], packages: [pkg('one', { customAmountEnabled: true, price: 25, priceCents: 2500 })] });
    const calls = mockApi({ 'GET /api/leads/forms/f1': { status: 200, body: { message: 'OK', data: detail } } });
    window.history.replaceState(null, '', `${PATH}?lang=en`);
    const { user } = renderRoutes([{ path: '/form-builder/public/:formId/:apiKey', element: <PublicFormPage formId="f1" apiKey="pk_test_key_123456" /> }], PATH);
    expect(await screen.findByText('The payment for this form was not completed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return to payment' }));
    expect(go).toHaveBeenLastCalledWith('http://localhost/pay');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a submit pressed while a required file uploads waits for it: never "required", the file sent once with the submission', async () => {
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const doc: FormField = { id: 'doc', name: 'doc', label: 'Document', type: 'file', required: true };
    let finishUpload: (answer: { status: number; body: unknown }) => void = () => undefined;
    const detail = form({ fields: [fields[0], doc], packages: [pkg('one', { customAmountEnabled: true, price: 25, priceCents: 2500 })], secondButtonText: 'Later' });
    const { user, calls } = open(detail, {
      'POST /api/leads/forms/f1/files': () => new Promise((resolve) => (finishUpload = resolve)),
      'POST /api/form-builder/form/f1/submissions': { status: 201, body: { message: 'ok', data: { submissionId: 's1', packageId: 'one', isPayable: true, redirectUrl: '' } } },
      'POST /api/leads/payments/session': { status: 201, body: { message: 'ok', data: { url: 'http://localhost/pay', sessionId: 'cs', paymentId: 'p' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await user.type(screen.getByLabelText(/^Amount/), '30');
    await user.type(screen.getByLabelText(/^Full name/), 'Ada Lovelace');
    await user.upload(screen.getByLabelText(/^Document/), new File(['%PDF-1.4'], 'referral.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Uploading...')).toBeInTheDocument();
    // Pay Now at once, before the upload ends (the tester's case): it waits instead of listing the file.
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Processing...' })).toHaveLength(2));
    expect(screen.queryByText('Document is required.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/form-builder/form/f1/submissions')).toEqual([]);

    finishUpload({ status: 201, body: { message: 'ok', data: { key: 'forms/f1/uploads/referral.pdf' } } });
    expect(await screen.findByText('Redirecting to payment page...')).toBeInTheDocument();
    const submissions = calls.filter((c) => c.path === '/api/form-builder/form/f1/submissions');
    expect(submissions).toHaveLength(1);
    expect(submissions[0].body).toMatchObject({ items: [{ fieldId: 'name', value: 'Ada Lovelace' }, { fieldId: 'doc', value: 'forms/f1/uploads/referral.pdf' }] });
    expect(calls.filter((c) => c.path === '/api/leads/forms/f1/files')).toHaveLength(1);
    expect(screen.queryByText('Document is required.')).not.toBeInTheDocument();
  });

  it('a file whose upload fails while the submit waits is not sent: its field says why', async () => {
    const doc: FormField = { id: 'doc', name: 'doc', label: 'Document', type: 'file', required: true };
    let finishUpload: (answer: { status: number; body: unknown }) => void = () => undefined;
    const { user, calls } = open(form({ fields: [doc] }), { 'POST /api/leads/forms/f1/files': () => new Promise((resolve) => (finishUpload = resolve)) });
    await screen.findByRole('heading', { name: 'Intake form' });
    await user.upload(screen.getByLabelText(/^Document/), new File(['x'], 'scan.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    await screen.findByRole('button', { name: 'Processing...' });
    finishUpload({ status: 400, body: { message: 'Only images and PDF files can be uploaded.' } });
    expect(await screen.findByText('Only images and PDF files can be uploaded.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send it' })).toBeEnabled();
    expect(calls.filter((c) => c.path === '/api/form-builder/form/f1/submissions')).toEqual([]);
  });

  it('a submission that fails without a message shows the spec fallback in Submission Failed', async () => {
    const { user } = open(form(), { 'POST /api/form-builder/form/f1/submissions': { status: 500, body: { message: 'Internal Server Error' } } });
    await screen.findByRole('heading', { name: 'Intake form' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Submission Failed' })).toBeInTheDocument();
    expect(within(dialog).getByText('An error occurred while submitting the form.')).toBeInTheDocument();
  });

  it('a changed submission after a failure gets a new Idempotency-Key', async () => {
    let tries = 0;
    const { user, calls } = open(form(), {
      'POST /api/form-builder/form/f1/submissions': () =>
        ++tries === 1
          ? { status: 503, body: { message: 'This is taking longer than it should. Please try again in a moment.' } }
          : { status: 201, body: { message: 'Thanks, we got it.', data: { submissionId: 's1', packageId: null, isPayable: false, redirectUrl: '' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Until the dialog has faded out it holds the focus, and gives it back to Send it as it goes: a
    // key typed before then may land on that button (the space of ' Byron' would submit again).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText(/^Full name/), ' Byron');
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST').map((c) => c.headers['idempotency-key']);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('shows the server refusal in a Submission Failed dialog, and the field messages in the list', async () => {
    const { user } = open(form(), {
      'POST /api/form-builder/form/f1/submissions': { status: 400, body: { message: 'Email must be a valid email address.', errors: { email: 'Email must be a valid email address.' } } },
    });
    await screen.findByRole('heading', { name: 'Intake form' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Submission Failed' })).toBeInTheDocument();
    expect(within(dialog).getByText('Email must be a valid email address.')).toBeInTheDocument();
  });

  it('says the form is not available for a wrong key', async () => {
    mockApi({ 'GET /api/leads/forms/f1': { status: 404, body: { message: 'This form is not available.' } } });
    renderRoutes([{ path: '/form-builder/public/:formId/:apiKey', element: <PublicFormPage formId="f1" apiKey="pk_test_key_123456" /> }], PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('This form is not available.');
  });
});
