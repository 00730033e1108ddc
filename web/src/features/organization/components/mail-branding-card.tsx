// The look of the clinic's mails (issue 26): its logo and brand colour, with a preview of the mail
// header as patients will see it. The header's text colour is chosen as the mail layout chooses it
// (shared/brand.ts: white or black, whichever contrasts more), so the preview shows the real thing
// and the contrast it reaches.
import { useState } from 'react';
import { brandColor as brandColorSchema, LOGO_TYPES, MAX_LOGO_BYTES, MAX_LOGO_LABEL, type OrganizationProfile } from '#shared/organization/schemas';
import { contrastRatio, isBrandColor, LIGHT_TEXT, textColorOn } from '#shared/brand';
import { Busy } from '../../../components/loading';
import { Card } from '../../../components/card';
import { controlProps, Field } from '../../../components/field';
import { StatusBanner } from '../../../components/status-banner';
import { useSaveStatus } from '../../../lib/forms';
import { assetUrl } from '../../../lib/assets';
import { notify } from '../../../lib/notify';
import { removeLogo, updateOrganization, uploadLogo } from '../api/organization';

/** The message for a logo the server would refuse, or undefined when it is fine. */
export function logoProblem(file: File): string | undefined {
  if (!Object.keys(LOGO_TYPES).includes(file.type)) return 'Choose a PNG or JPEG image (many mail programs do not show SVG).';
  if (file.size > MAX_LOGO_BYTES) return `The logo must be ${MAX_LOGO_LABEL} or smaller.`;
  return undefined;
}

/** The mail's header as the layout draws it (functions/lib/mail-layout.ts), for the colour being chosen. */
function HeaderPreview({ name, logo, color }: { name: string; logo?: string; color: string }) {
  const text = textColorOn(color);
  const ratio = contrastRatio(color, text);
  return (
    <figure className="mb-0">
      <div role="img" aria-label={`Preview of the mail header: ${name}${logo ? ' with its logo' : ''}`} className="rounded overflow-hidden border" style={{ maxWidth: 600 }}>
        <div className="d-flex align-items-center gap-3 px-4 py-3" style={{ background: color, color: text }} data-testid="mail-header-preview">
          {logo && <img src={logo} alt="" style={{ height: 48, width: 'auto', maxWidth: 160, borderRadius: 4 }} />}
          <span className="fw-bold fs-5">{name}</span>
        </div>
        <div className="bg-body px-4 py-3 small">
          <span className="d-inline-block rounded px-3 py-2 fw-bold" style={{ background: color, color: text }}>
            Reschedule or cancel
          </span>
        </div>
      </div>
      <figcaption className="form-text">
        {text === LIGHT_TEXT ? 'White' : 'Black'} text on this colour: contrast {ratio.toFixed(1)}:1 (at least 4.5:1 reads well for everyone). Mails use the same.
      </figcaption>
    </figure>
  );
}

export function MailBrandingCard({ org, editable, onSaved }: { org: OrganizationProfile; editable: boolean; onSaved: (o: OrganizationProfile) => void }) {
  const [color, setColor] = useState(org.brandColor);
  const { status, setStatus, send } = useSaveStatus();
  const [busy, setBusy] = useState<'logo' | 'remove' | 'color' | null>(null);
  const parsed = brandColorSchema.safeParse(color);
  const colorError = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const previewColor = isBrandColor(color) ? color : org.brandColor;

  /** Runs one change; the answer's profile becomes the page's. */
  const run = async (what: 'logo' | 'remove' | 'color', call: () => ReturnType<typeof removeLogo>, failure: string) => {
    setBusy(what);
    const result = await send(call, failure);
    setBusy(null);
    if (!result?.data.data) return;
    notify.success(result.message);
    onSaved(result.data.data);
  };

  const chooseLogo = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) return setStatus({ kind: 'danger', text: problem });
    void run('logo', () => uploadLogo(file), 'The logo could not be uploaded.');
  };

  const saveColor = (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    void run('color', () => updateOrganization({ brandColor: parsed.data }), 'The colour could not be saved.');
  };

  return (
    <Card
      titleId="branding-title"
      title="Mail branding"
      onSubmit={saveColor}
      bodyClassName="d-grid gap-3"
      footer={
        editable && (
          <button type="submit" className="btn btn-primary" disabled={busy !== null || !!colorError || color.toLowerCase() === org.brandColor}>
            {busy === 'color' ? <Busy /> : 'Save colour'}
          </button>
        )
      }
    >
      <p className="small text-body-secondary mb-0">Mails to patients (confirmations, reminders, cancellations) carry your name, logo and colour in their header.</p>
      <StatusBanner status={status} />
      <HeaderPreview name={org.name} logo={assetUrl(org.logoKey)} color={previewColor} />
      <fieldset disabled={!editable || busy !== null} className="row g-3">
        <div className="col-md-6">
          <label htmlFor="logoFile" className="form-label fw-semibold small text-body-emphasis mb-1">
            Logo
          </label>
          <input id="logoFile" type="file" className="form-control" accept={Object.keys(LOGO_TYPES).join(',')} aria-describedby="logoFile-hint" onChange={(e) => chooseLogo(e.currentTarget)} />
          <div id="logoFile-hint" className="form-text">
            PNG or JPEG, at most {MAX_LOGO_LABEL}; shown 48 pixels high. {busy === 'logo' && <Busy />}
          </div>
          {org.logoKey && (
            <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={() => void run('remove', removeLogo, 'The logo could not be removed.')}>
              {busy === 'remove' ? <Busy /> : 'Remove logo'}
            </button>
          )}
        </div>
        <Field
          id="brandColor"
          label="Brand colour"
          error={colorError}
          hint="The header and buttons of your mails; the text on them is white or black, whichever reads better."
          className="col-md-6"
        >
          <div className="input-group">
            <input type="color" className="form-control form-control-color flex-grow-0" value={previewColor} onChange={(e) => setColor(e.target.value)} aria-label="Pick the brand colour" />
            <input
              {...controlProps('brandColor', colorError, { base: 'form-control font-monospace' })}
              aria-describedby={colorError ? 'brandColor-error' : 'brandColor-hint'}
              value={color}
              onChange={(e) => setColor(e.target.value)}
              maxLength={7}
              spellCheck={false}
            />
          </div>
        </Field>
      </fieldset>
    </Card>
  );
}
