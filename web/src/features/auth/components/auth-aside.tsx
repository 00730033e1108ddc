import { APP_NAME, APP_TAGLINE } from '../../../config/app';
import { LogoMark } from '../../../components/logo';

const FEATURES = [
  { icon: 'bi-calendar2-check', text: 'Appointments and bookings in one calendar' },
  { icon: 'bi-ui-checks', text: 'Intake forms that take card payments' },
  { icon: 'bi-people', text: 'Per-module permissions for every team member' },
];

/** A calendar card over a heartbeat line. */
function Illustration() {
  return (
    <svg viewBox="0 0 440 340" className="auth-aside-illustration" aria-hidden="true" focusable="false">
      <path d="M0 312h120l18-34 26 62 22-44 14 16h240" stroke="rgba(255,255,255,.5)" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <g transform="translate(70 40)">
        <rect width="300" height="230" rx="22" fill="rgba(255,255,255,.12)" stroke="rgba(255,255,255,.35)" />
        <path d="M0 22a22 22 0 0 1 22-22h256a22 22 0 0 1 22 22v30H0z" fill="rgba(255,255,255,.2)" />
        <circle cx="70" cy="0" r="9" fill="#fff" />
        <circle cx="230" cy="0" r="9" fill="#fff" />
        {Array.from({ length: 12 }, (_, i) => (
          <rect key={i} x={24 + (i % 4) * 66} y={76 + Math.floor(i / 4) * 48} width="54" height="34" rx="8" fill={i === 6 ? '#fff' : 'rgba(255,255,255,.2)'} />
        ))}
        <path d="M172 141l7 7 13-13" stroke="#0E8A5F" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </g>
    </svg>
  );
}

/** The illustrated side of the auth screens: drawn with SVG and CSS, no image requests. */
export function AuthAside() {
  return (
    <aside className="auth-aside text-white">
      <svg className="auth-aside-bg" aria-hidden="true" focusable="false">
        <defs>
          <pattern id="auth-dots" width="28" height="28" patternUnits="userSpaceOnUse">
            <circle cx="2" cy="2" r="1.6" fill="rgba(255,255,255,.14)" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#auth-dots)" />
        <circle cx="100%" cy="0" r="240" fill="rgba(255,255,255,.07)" />
        <circle cx="0" cy="100%" r="260" fill="rgba(255,255,255,.05)" />
      </svg>
      <div className="auth-aside-inner">
        <div className="d-flex align-items-center gap-2">
          <LogoMark size={40} className="auth-aside-logo" />
          <span className="fs-4 fw-bold">{APP_NAME}</span>
        </div>
        <div className="d-none d-lg-flex flex-grow-1 align-items-center justify-content-center py-4">
          <Illustration />
        </div>
        <div className="d-none d-lg-block">
          <h2 className="fs-2 fw-bold mb-4 auth-aside-title">{APP_TAGLINE}</h2>
          <ul className="list-unstyled mb-0 d-grid gap-3">
            {FEATURES.map((f) => (
              <li key={f.text} className="d-flex align-items-center gap-3">
                <span className="auth-aside-icon">
                  <i className={`bi ${f.icon}`} aria-hidden="true" />
                </span>
                <span>{f.text}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </aside>
  );
}
