// One package of the public form: image (fallback when missing, broken or narrower than 100 px),
// name, description as HTML, price unless the visitor types the amount, and the Select button.
import { useState } from 'react';
import { needsFallbackImage, showsPrice } from '#shared/forms/page';
import { sanitizeHtml } from '#shared/forms/sanitize-html';
import { currencyOf, formatMoney } from '#shared/currency';
import type { PublicPackage } from '../api';
import { useI18n } from '../../../i18n/i18n';

/** A neutral placeholder, inline so it never fails to load. */
export const FALLBACK_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="220" viewBox="0 0 400 220"><rect width="400" height="220" fill="#e9ecef"/><path d="M150 150l35-45 25 30 20-20 40 35z" fill="#adb5bd"/><circle cx="235" cy="85" r="14" fill="#adb5bd"/></svg>');

/** The description as the server sanitised it, sanitised again here with the same rules (defence in depth). */
export function DescriptionHtml({ html, className }: { html: string | null; className?: string }) {
  if (!html || !html.trim()) return null;
  return <div className={className ? `${className} clinic-text` : 'clinic-text'} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

export function PackageImage({ src, alt }: { src: string | null; alt: string }) {
  const [state, setState] = useState<{ failed?: boolean; naturalWidth?: number }>({});
  const fallback = needsFallbackImage({ src, ...state });
  return (
    <img
      key={fallback ? 'fallback' : 'image'}
      src={fallback ? FALLBACK_IMAGE : src!}
      alt={alt}
      className="card-img-top object-fit-cover"
      style={{ height: 180 }}
      onError={() => setState({ failed: true })}
      onLoad={(e) => !fallback && setState({ naturalWidth: e.currentTarget.naturalWidth })}
    />
  );
}

export function PackageCard({ pkg, selected, showSelect, onSelect }: { pkg: PublicPackage; selected: boolean; showSelect: boolean; onSelect: () => void }) {
  const { t, intl } = useI18n();
  return (
    <article className={`card h-100 shadow-sm ${selected ? 'border-primary border-2' : 'border-0'}`} aria-label={pkg.name}>
      <PackageImage src={pkg.imageUrl} alt={pkg.name} />
      <div className="card-body d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <h2 className="h5 fw-bold mb-0">{pkg.name}</h2>
          {selected && <span className="badge bg-primary">{t('form.selected')}</span>}
        </div>
        <DescriptionHtml html={pkg.description} className="text-body-secondary small mb-3" />
        <div className="mt-auto d-flex justify-content-between align-items-center">
          {showsPrice(pkg) ? <span className="fs-5 fw-bold">{formatMoney(pkg.priceCents, currencyOf(pkg.currency), intl)}</span> : <span className="text-body-secondary small">{t('form.chooseAmount')}</span>}
          {showSelect && (
            <button type="button" className={`btn ${selected ? 'btn-primary' : 'btn-outline-primary'}`} onClick={onSelect}>
              {t('form.select')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
