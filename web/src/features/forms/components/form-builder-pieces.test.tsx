// The form builder's pieces on their own: the packages it offers (and the one chosen on load) and the preview.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormField } from '#shared/forms/types';
import { renderAt } from '../../../testing/render';
import { FormPackages } from './form-packages';
import { FormPreview } from './form-preview';

const pkg = (id: string, name: string, extra: object = {}) => ({ id, name, price: 49.5, priceCents: 4950, currency: 'usd', customAmountEnabled: false, isPayable: true, ...extra }) as Parameters<typeof FormPackages>[0]['packages'][number];

describe('FormPackages', () => {
  it("lists the clinic's packages with their price in their currency, ticks those offered, and offers a choice on load for more than one", async () => {
    const onToggle = vi.fn();
    const onDefault = vi.fn();
    const packages = [pkg('a', 'Consultation'), pkg('b', 'Donation', { priceCents: 0, customAmountEnabled: true, isPayable: false })];
    const course = pkg('c', 'Back course', { price: 249.9, priceCents: 24990, currency: 'eur' });
    const { user } = renderAt(<FormPackages packages={[...packages, course]} isLoading={false} packageIds={['a', 'b']} packageId={null} linked={packages} onToggle={onToggle} onDefault={onDefault} />);
    expect(await screen.findByRole('checkbox', { name: 'Consultation $49.50' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Donation Custom amount, not payable' })).toBeChecked();
    // A euro package in euros (it read '$249.90').
    expect(screen.getByRole('checkbox', { name: 'Back course €249.90' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Consultation $49.50' }));
    expect(onToggle).toHaveBeenCalledWith('a', false);
    const onLoad = screen.getByRole('combobox', { name: 'Chosen on load' });
    expect(within(onLoad).getAllByRole('option').map((o) => o.textContent)).toEqual(['The first package', 'Consultation', 'Donation']);
    await user.selectOptions(onLoad, 'b');
    expect(onDefault).toHaveBeenCalledWith('b');
  });

  it('says it is loading, and links to adding a package when there is none', async () => {
    const props = { packageIds: [], packageId: null, linked: [], onToggle: vi.fn(), onDefault: vi.fn() };
    const { unmount } = renderAt(<FormPackages packages={[]} isLoading {...props} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading packages...');
    unmount();
    renderAt(<FormPackages packages={[]} isLoading={false} {...props} />);
    expect(await screen.findByRole('link', { name: 'Add a package' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('FormPreview', () => {
  it("renders the form's fields as the public page does, typed into, with its buttons' texts", async () => {
    const fields = [{ id: 'f1', name: 'first', label: 'First name', type: 'text', required: true, placeholder: '', options: [], attributes: [] }] as unknown as FormField[];
    const { user } = renderAt(<FormPreview name="" description="Tell us about you" fields={fields} texts={{ primary: 'Pay Now', secondary: 'Submit Form' }} />);
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Untitled form' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('Tell us about you');
    const input = within(preview).getByRole('textbox', { name: /First name/ });
    await user.type(input, 'Pat');
    expect(input).toHaveValue('Pat');
    expect(within(preview).getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    expect(within(preview).getByRole('button', { name: 'Submit Form' })).toBeDisabled();
  });
});
