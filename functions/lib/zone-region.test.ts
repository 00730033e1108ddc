import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { patientIntlTag, regionOfZone } from './zone-region';

describe('the region of a time zone', () => {
  it('is read from the zone table shipped as data (zone-data/zones.json), old names included', () => {
    expect(regionOfZone('Europe/Berlin')).toBe('DE');
    expect(regionOfZone('Asia/Calcutta')).toBe('IN');
    expect(regionOfZone('America/Argentina/Cordoba')).toBe('AR');
    expect(regionOfZone('UTC')).toBeNull();
    expect(regionOfZone(null)).toBeNull();
    expect(patientIntlTag('de', 'Europe/Berlin')).toBe('de-DE');
  });

  it('keeps the table out of the code every booking and mail function bundles (issue 35: 350 KB budget)', () => {
    expect(readFileSync(new URL('./zone-region.ts', import.meta.url), 'utf8')).not.toContain('Europe/Andorra');
    expect(JSON.parse(readFileSync(new URL('./zone-data/zones.json', import.meta.url), 'utf8')).AD).toBe('Europe/Andorra');
  });
});
