// The name the confirmation's "Add to calendar" saves its file under: a single booking's is
// 'booking.ics' as before; a series' holds every visit, so it is named for them and their clinic
// ('sunrise-physio-visits.ics'), the clinic's name in plain Latin letters and digits (accents taken
// off, anything else a dash); a name with none of those (an Arabic one) leaves 'visits.ics'.
export function calendarFileName(clinicName: string, series: boolean): string {
  if (!series) return 'booking.ics';
  const slug = clinicName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug ? `${slug}-visits.ics` : 'visits.ics';
}
