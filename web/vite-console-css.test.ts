// The console's stylesheet as the build cuts it (vite-console-css.ts): what the console's pages use
// stays (spelled, put together at run time, or built by react-bootstrap), the rest goes.
import { describe, expect, it } from 'vitest';
import { builtClasses, consoleCss } from './vite-console-css';

const css = await consoleCss(import.meta.dirname);
/** Whether a rule's selector names this class (followed by no other class-name character). */
const styles = (name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);

describe('console stylesheet', () => {
  it('finds the classes a className template puts together, not ids or keys', () => {
    const patterns = builtClasses([
      '<span className={`badge bg-${tone}-subtle text-${tone}-emphasis`} id={`d-${entry.id}`} key={`g-${title}`} />',
      "const props = { className: `alert alert-${kind} d-flex` };",
    ]).map(String);
    expect(patterns).toEqual(['/^bg-[\\w-]+-subtle$/', '/^text-[\\w-]+-emphasis$/', '/^alert-[\\w-]+$/']);
  });

  it('keeps the classes the console uses', () => {
    // Spelled in the sources.
    for (const name of ['form-switch', 'form-check-input', 'app-sidebar', 'btn-primary', 'table-hover', 'visually-hidden']) expect(styles(name), name).toBe(true);
    // Put together at run time: StatusBanner, the badges, the dashboard's tiles, the layout builder.
    for (const name of ['alert-warning', 'alert-success', 'bg-danger-subtle', 'text-warning-emphasis', 'row-cols-xxl-3', 'layout-thumb-dark-header', 'toolbar-saas']) expect(styles(name), name).toBe(true);
    // Built by react-bootstrap: the drawer, the dialogs' sizes, the builder's tabs, the menus.
    for (const name of ['offcanvas-start', 'offcanvas-backdrop', 'modal-fullscreen-sm-down', 'modal-sm', 'nav-underline', 'dropdown-menu-end', 'btn-close-white']) expect(styles(name), name).toBe(true);
  });

  it('keeps the dark theme, right to left and the custom properties the kept rules read', () => {
    expect(css).toMatch(/\[data-bs-theme=dark\][^{]*\{[^}]*--bs-body-bg:/);
    expect(css).toContain("[dir='rtl'] .form-select");
    expect(css).toMatch(/--bs-body-font-family:/);
  });

  it('drops what no console page uses', () => {
    for (const name of ['carousel', 'accordion-button', 'navbar-expand-lg', 'offcanvas-md', 'progress-bar-striped', 'card-img-overlay']) expect(styles(name), name).toBe(false);
    // Bootstrap's and the app's stylesheets are 265 KB whole.
    expect(css.length).toBeLessThan(140_000);
  });

  it("gives a switch Bootstrap's gap before its label, on logical sides", () => {
    // After the .form-check restatement (1.5em), so it wins the cascade.
    const check = css.search(/\.form-check\s*\{\s*padding-left:\s*unset;\s*padding-inline-start:\s*1\.5em/);
    const sw = css.search(/\.form-switch\s*\{\s*padding-inline-start:\s*2\.5em/);
    expect(check).toBeGreaterThan(0);
    expect(sw).toBeGreaterThan(check);
    expect(css).toMatch(/\.form-switch \.form-check-input\s*\{\s*margin-inline-start:\s*-2\.5em/);
  });

  it("puts a switch's knob right to left as Bootstrap's RTL build does (off on the right, on on the left)", () => {
    // After Bootstrap's own (off left, on right), with the same or more weight, so they win the cascade.
    const bootstrapOn = css.search(/\.form-switch \.form-check-input:checked\s*\{[^}]*background-position:\s*right center/);
    const rtlOff = css.search(/\[dir='rtl'\] \.form-switch \.form-check-input\s*\{\s*background-position:\s*right center/);
    const rtlOn = css.search(/\[dir='rtl'\] \.form-switch \.form-check-input:checked\s*\{\s*background-position:\s*left center/);
    expect(bootstrapOn).toBeGreaterThan(0);
    expect(rtlOff).toBeGreaterThan(bootstrapOn);
    expect(rtlOn).toBeGreaterThan(rtlOff);
  });
});

describe('custom properties read outside the purge', () => {
  it("keeps the calendar's palette and what it reads, and what the sources read", () => {
    // FullCalendar's theme (the calendar chunk's own stylesheet) reads --fc-classic-today, which app.css
    // sets from Bootstrap's --bs-warning-rgb; the reports' charts read --bs-secondary-color.
    expect(css).toMatch(/--fc-classic-today:\s*rgba\(var\(--bs-warning-rgb\)/);
    expect(css).toMatch(/--bs-warning-rgb:/);
    expect(css).toMatch(/--bs-secondary-color:/);
    expect(css).toMatch(/--bs-border-color-translucent:/);
  });
});
