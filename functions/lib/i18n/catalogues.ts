// The server catalogues as written (one module per language): what translators edit, what the tests
// read, and what scripts/pack-server-catalogues.ts packs into packed.ts, which the functions load (six
// languages of mail texts are about 36 KB as source, 12 KB packed: functions stay within their 350 KB).
import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';

export const SERVER_CATALOGUES = { en, es, fr, de, pt, ar };

/** The packed form: the catalogues' JSON, brotli-compressed, base64. */
export async function packCatalogues(): Promise<string> {
  const { brotliCompressSync, constants } = await import('node:zlib');
  return brotliCompressSync(JSON.stringify(SERVER_CATALOGUES), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).toString('base64');
}
