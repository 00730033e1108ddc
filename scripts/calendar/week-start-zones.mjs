// Prints the tables of web/src/features/calendar/week-start.ts: the time zones whose country's week
// does not start on Monday, by first day and area, from tzdata's zone.tab (zone -> country; links
// followed through tzdata.zi) and the CLDR week data Node's Intl carries. Run: node scripts/calendar/week-start-zones.mjs
import fs from 'node:fs';

const countryOf = new Map();
for (const line of fs.readFileSync('/usr/share/zoneinfo/zone.tab', 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const [code, , zone] = line.split('\t');
  countryOf.set(zone, code);
}
const links = new Map();
for (const line of fs.readFileSync('/usr/share/zoneinfo/tzdata.zi', 'utf8').split('\n')) {
  const link = /^L (\S+) (\S+)/.exec(line);
  if (link) links.set(link[2], link[1]);
}
const codeOf = (zone) => {
  let target = zone;
  for (let i = 0; i < 5 && !countryOf.has(target) && links.has(target); i++) target = links.get(target);
  return countryOf.get(target);
};
const tables = { SUNDAY: {}, SATURDAY: {}, FRIDAY: {} };
const names = { 7: 'SUNDAY', 6: 'SATURDAY', 5: 'FRIDAY' };
for (const zone of [...new Set([...countryOf.keys(), ...Intl.supportedValuesOf('timeZone')])].sort()) {
  const code = codeOf(zone);
  const slash = zone.indexOf('/');
  if (!code || slash < 0) continue;
  const first = new Intl.Locale(`und-${code}`).weekInfo.firstDay;
  if (first === 1) continue;
  (tables[names[first]][zone.slice(0, slash)] ??= []).push(zone.slice(slash + 1));
}
for (const [name, areas] of Object.entries(tables)) {
  console.log(`const ${name}: Record<string, string> = {`);
  for (const [area, cities] of Object.entries(areas)) console.log(`  ${area}: '${cities.join(' ')}',`);
  console.log('};');
}
