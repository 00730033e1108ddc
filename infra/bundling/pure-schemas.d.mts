import type { Plugin } from 'esbuild';

export function markSchemasPure(text: string): string;
export const SCHEMA_MODULE: RegExp;
export const pureSchemasPlugin: Plugin;
