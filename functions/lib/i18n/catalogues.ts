// The server catalogues as written (one module per language): what translators edit and what the tests
// read. scripts/pack-server-catalogues.ts writes each as <locale>.json beside it, the form the functions
// load: only the language a message needs, read from the function's package (infra/constructs/
// bundling.ts copies the files next to each bundle that formats patient texts), so the six languages'
// texts are not code in every bundle that sends a mail.
import type { Locale } from '#shared/i18n/locales';
import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';

export const SERVER_CATALOGUES = { en, es, fr, de, pt, ar };

/** The text of <locale>.json, as the pack script writes it and the functions read it. */
export const catalogueJson = (locale: Locale): string => `${JSON.stringify(SERVER_CATALOGUES[locale], null, 2)}\n`;
