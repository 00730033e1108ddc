// Where the patients' message catalogues are shipped: a folder of one JSON file per language beside the
// module that reads them (lib/i18n.ts) and beside each bundle that carries it (infra/constructs/bundling.ts
// copies them there). No imports: the stack's bundling reads this without loading the runtime code.
export const CATALOGUE_DIR = 'i18n';
/** The zone -> region table of lib/zone-region.ts, shipped the same way (zones.json). */
export const ZONE_DATA_DIR = 'zone-data';
