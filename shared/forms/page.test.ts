import { describe, expect, it } from 'vitest';
import { assetUrl, buttonTexts, defaultPackage, hasLabel, needsFallbackImage, packagesPerRow, pageLayout, redirectTarget, showSelectButton, showsPrice } from './page';

const pkg = (id: string, over: { customAmountEnabled?: boolean; isPayable?: boolean } = {}) => ({ id, customAmountEnabled: false, isPayable: false, ...over });

describe('package grid', () => {
  it('has 3 columns, except 2 per row when there are exactly 4 packages', () => {
    expect([1, 2, 3, 4, 5, 6, 8].map(packagesPerRow)).toEqual([3, 3, 3, 2, 3, 3, 3]);
  });
});

describe('fallback image', () => {
  it('is used when the image is missing, broken or narrower than 100 px', () => {
    expect(needsFallbackImage({ src: null })).toBe(true);
    expect(needsFallbackImage({ src: '' })).toBe(true);
    expect(needsFallbackImage({ src: '  ' })).toBe(true);
    expect(needsFallbackImage({ src: '/assets/a.png', failed: true })).toBe(true);
    expect(needsFallbackImage({ src: '/assets/a.png', naturalWidth: 99 })).toBe(true);
    expect(needsFallbackImage({ src: '/assets/a.png', naturalWidth: 0 })).toBe(true);
  });

  it('is not used for a loading image or one at least 100 px wide', () => {
    expect(needsFallbackImage({ src: '/assets/a.png' })).toBe(false);
    expect(needsFallbackImage({ src: '/assets/a.png', naturalWidth: 100 })).toBe(false);
    expect(needsFallbackImage({ src: '/assets/a.png', naturalWidth: 640 })).toBe(false);
  });
});

describe('button texts', () => {
  const form = { submitButtonText: 'Send it', secondButtonText: 'Later' };

  it('primary reads Pay Now for a payable package, else the form text or Submit Form', () => {
    expect(buttonTexts(form, pkg('a', { isPayable: true })).primary).toBe('Pay Now');
    expect(buttonTexts(form, pkg('a')).primary).toBe('Send it');
    expect(buttonTexts(form, undefined).primary).toBe('Send it');
    expect(buttonTexts({ submitButtonText: '', secondButtonText: 'x' }, pkg('a')).primary).toBe('Submit Form');
    expect(buttonTexts({ submitButtonText: '   ', secondButtonText: 'x' }, null).primary).toBe('Submit Form');
  });

  it('secondary reads Submit when payable, else Submit Form, and is hidden when secondButtonText is empty', () => {
    expect(buttonTexts(form, pkg('a', { isPayable: true })).secondary).toBe('Submit');
    expect(buttonTexts(form, pkg('a')).secondary).toBe('Submit Form');
    expect(buttonTexts({ submitButtonText: 'x', secondButtonText: '' }, pkg('a', { isPayable: true })).secondary).toBeNull();
    expect(buttonTexts({ submitButtonText: 'x', secondButtonText: '' }, pkg('a')).secondary).toBeNull();
  });
});

describe('package choice and layout', () => {
  it('shows Select when there is more than one package or the package has no custom amount', () => {
    const custom = pkg('a', { customAmountEnabled: true });
    const fixed = pkg('b');
    expect(showSelectButton([custom], custom)).toBe(false);
    expect(showSelectButton([fixed], fixed)).toBe(true);
    expect(showSelectButton([custom, fixed], custom)).toBe(true);
  });

  it('lays out inline only for exactly one package with a custom amount', () => {
    expect(pageLayout([])).toBe('fields');
    expect(pageLayout([pkg('a', { customAmountEnabled: true })])).toBe('inline');
    expect(pageLayout([pkg('a')])).toBe('cards');
    expect(pageLayout([pkg('a', { customAmountEnabled: true }), pkg('b', { customAmountEnabled: true })])).toBe('cards');
  });

  it('chooses the package matching packageId by default, else the first', () => {
    const list = [pkg('a'), pkg('b'), pkg('c')];
    expect(defaultPackage(list, 'b')?.id).toBe('b');
    expect(defaultPackage(list, 'gone')?.id).toBe('a');
    expect(defaultPackage(list, null)?.id).toBe('a');
    expect(defaultPackage([], 'a')).toBeUndefined();
  });

  it('hides the price when the visitor types the amount', () => {
    expect(showsPrice(pkg('a', { customAmountEnabled: true }))).toBe(false);
    expect(showsPrice(pkg('a'))).toBe(true);
  });
});

describe('redirect after submission', () => {
  const origin = 'https://clinic.example.com';
  it('keeps http and https URLs as they are', () => {
    expect(redirectTarget('https://other.example.org/thanks', origin)).toBe('https://other.example.org/thanks');
    expect(redirectTarget('HTTP://x.example/a', origin)).toBe('HTTP://x.example/a');
  });
  it('prefixes anything else with the site origin, so it never leaves the site or runs script', () => {
    expect(redirectTarget('thanks', origin)).toBe('https://clinic.example.com/thanks');
    expect(redirectTarget('/thanks?x=1', `${origin}/`)).toBe('https://clinic.example.com/thanks?x=1');
    expect(redirectTarget('www.example.org', origin)).toBe('https://clinic.example.com/www.example.org');
    expect(redirectTarget('//evil.example', origin)).toBe('https://clinic.example.com/evil.example');
    expect(redirectTarget('javascript:alert(1)', origin)).toBe('https://clinic.example.com/javascript:alert(1)');
  });
  it('gives nothing for an empty URL', () => {
    expect(redirectTarget('', origin)).toBeNull();
    expect(redirectTarget(null, origin)).toBeNull();
  });
});

describe('images and labels', () => {
  it('joins relative image keys to the asset base', () => {
    expect(assetUrl('org/o/form-packages/p/x.png')).toBe('/assets/org/o/form-packages/p/x.png');
    expect(assetUrl('/org/x.png', 'https://cdn.example.com/assets/')).toBe('https://cdn.example.com/assets/org/x.png');
    expect(assetUrl('https://img.example.com/a.png')).toBe('https://img.example.com/a.png');
    expect(assetUrl(null)).toBeNull();
  });
  it('gives checkbox and hidden fields no label', () => {
    expect(['text', 'checkbox', 'hidden', 'select'].map(hasLabel)).toEqual([true, false, false, true]);
  });
});
