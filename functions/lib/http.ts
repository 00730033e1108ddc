// Moved to functions/http/http.ts (the HTTP chain sits above the data layer). Only
// scripts/openapi/document.ts still names this path, while another branch edits it; after that merge,
// `node scripts/layers/move.mjs --document` points it at functions/http/http.ts and deletes this file.
export type { Contract } from '../http/http';
