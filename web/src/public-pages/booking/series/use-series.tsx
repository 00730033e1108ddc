// The booking page's side of a patient's series (issue 37.1), in the page's own chunk and small: for a
// package that allows a series, it loads the step (./series-step.tsx, a chunk of its own, so the page's
// first download does not grow), keeps the patient's choice (repeat every 1 to 4 weeks, 2 visits to
// the package's limit, and for each visit that cannot be booked an alternative that week or none), asks
// the server's preview of it, and gives Continue the series to book (`plan`): undefined for a single
// visit, null when the series is not ready (the step says why). Back from Checkout (the back button, its
// cancel address, the page opened again in this tab), the step is as the patient left it, from the form
// kept for the way back (pending-hold.ts): ticked, its rule and the visits chosen.
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { ApiError } from '../../../lib/api';
import type { MessageKey } from '../../../i18n/i18n';
import type { PublicBookingPackage } from '../api';
import { readSavedForm, type HoldState } from '../pending-hold';
import { previewPatientSeries, type SeriesPreview } from './series-api';

type StepModule = typeof import('./series-step');

/** What Continue books: the rule and the visits chosen from its preview. */
export interface SeriesPlan {
  everyWeeks: number;
  count: number;
  visits: { date: string; time: string }[];
}

type PreviewKey = [string, string, string, string, string, string, number, number];

async function loadPreview([, apiKey, packageId, practitionerId, startDate, time, everyWeeks, count]: PreviewKey): Promise<SeriesPreview> {
  const result = await previewPatientSeries({ apiKey, packageId, startDate, time, everyWeeks, count, ...(practitionerId ? { practitionerId } : {}) });
  if (!result.success || !result.data.data) throw new ApiError(result);
  return result.data.data;
}

/** The series sent to Checkout, from its first visit's date and time (the form's). */
interface Restored {
  date: string;
  time: string;
  plan: SeriesPlan;
}

/** Each taken visit's alternative that the plan had chosen (a visit it left out stays out). */
function picksOf(data: SeriesPreview, plan: SeriesPlan): Record<number, number> {
  const chosen = new Set(plan.visits.map((v) => `${v.date} ${v.time}`));
  const picks: Record<number, number> = {};
  for (const v of data.visits) {
    const i = v.status === 'free' ? -1 : v.alternatives.findIndex((a) => chosen.has(`${a.date} ${a.time}`));
    if (i >= 0) picks[v.number] = i;
  }
  return picks;
}

/** Visits asked for when the patient first ticks 'Repeat this visit' (within the package's limit). */
const FIRST_COUNT = 4;

export function useSeries({ apiKey, pkg, practitionerId, bookingDate, bookingTime }: {
  apiKey: string;
  pkg: PublicBookingPackage | undefined;
  /** What the booking sends ('' for a clinic-wide package). */
  practitionerId: string;
  bookingDate: string;
  bookingTime: string;
}) {
  const offered = Boolean(pkg?.allowSeries);
  const max = Math.max(2, pkg?.seriesMaxVisits ?? 2);
  const [mod, setMod] = useState<StepModule>();
  const [on, setOn] = useState(false);
  const [everyWeeks, setEveryWeeks] = useState(1);
  const [asked, setCount] = useState(FIRST_COUNT);
  const count = Math.min(Math.max(asked, 2), max);
  /** For each visit that cannot be booked as asked (by its number): the index of the alternative chosen; absent: left out. */
  const [picks, setPicks] = useState<Record<number, number>>({});
  const [issue, setIssue] = useState<MessageKey>();
  /** The series this tab last sent to Checkout, until the patient changes it (or the server refuses it). */
  const [restored, setRestored] = useState<Restored>();

  // Back from Checkout: the step as it was sent (the page restores the form's own fields the same way).
  useEffect(() => {
    const saved = apiKey ? readSavedForm(apiKey) : undefined;
    if (!saved?.series) return;
    /* eslint-disable react-hooks/set-state-in-effect -- this tab's storage, read once the prerendered page is taken over (the first paint has no such form) */
    setOn(true);
    setEveryWeeks(saved.series.everyWeeks);
    setCount(saved.series.count);
    setRestored({ date: saved.values.bookingDate, time: saved.values.bookingTime, plan: saved.series });
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [apiKey]);

  useEffect(() => {
    if (!offered || mod) return;
    let live = true;
    // The step's code, fetched as soon as the package offers a series (before a time is chosen).
    import('./series-step')
      .then((m) => live && setMod(m))
      // Not loaded (offline): the page books single visits as before.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [offered, mod]);

  const active = offered && on && Boolean(pkg && bookingDate && bookingTime);
  const key: PreviewKey | null = active ? ['series-preview', apiKey, pkg!.id, practitionerId, bookingDate, bookingTime, everyWeeks, count] : null;
  const preview = useSWR(key, loadPreview, { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: false });
  /** The series sent to Checkout, while the step still asks for it (same first visit, rule and count). */
  const resumable = restored && active && restored.date === bookingDate && restored.time === bookingTime && restored.plan.everyWeeks === everyWeeks && restored.plan.count === count ? restored.plan : undefined;
  // Another preview (another rule, or asked again after a time was taken): the earlier picks no longer
  // apply; back from Checkout, the alternatives the patient had picked are picked again.
  const [pickedIn, setPickedIn] = useState(preview.data);
  if (pickedIn !== preview.data) {
    setPickedIn(preview.data);
    setPicks(resumable && preview.data ? picksOf(preview.data, resumable) : {});
    setIssue(undefined);
  }

  const pick = useCallback((visit: number, alternative: number | null) => {
    setIssue(undefined);
    // Another choice than the one sent: Continue books the visits as now chosen.
    setRestored(undefined);
    setPicks((prev) => {
      const next = { ...prev };
      if (alternative === null) delete next[visit];
      else next[visit] = alternative;
      return next;
    });
  }, []);

  /** The visits as chosen: each free one, and each conflict's picked alternative. */
  const chosen = (data: SeriesPreview) =>
    data.visits.flatMap((v) => {
      if (v.status === 'free') return [{ date: v.date, time: v.time }];
      const alt = picks[v.number] === undefined ? undefined : v.alternatives[picks[v.number]];
      return alt ? [{ date: alt.date, time: alt.time }] : [];
    });

  /** For Continue: undefined (a single visit), the series, or null (not ready: the step says why). */
  const plan = (): SeriesPlan | null | undefined => {
    if (!active) return undefined;
    // The series sent to Checkout, asked again as it was: its hold waiting for payment is resumed (not
    // given back for a new one), even while the preview lists the patient's own held visits as taken.
    if (resumable) return resumable;
    if (!preview.data) {
      setIssue(preview.error ? 'series.failed' : 'series.wait');
      return null;
    }
    const visits = chosen(preview.data);
    if (!visits.length) {
      setIssue('series.none');
      return null;
    }
    return { everyWeeks, count, visits };
  };

  return {
    offered, mod, on, setOn, everyWeeks, setEveryWeeks, count, setCount, max, preview, picks, pick, issue, chosen, plan, resumable,
    /** After the server refused the series (a time taken meanwhile): the preview asked again. */
    refresh: () => {
      // Refused (a visit taken meanwhile): the visits are chosen again from the new preview.
      setRestored(undefined);
      void preview.mutate().catch(() => undefined);
    },
  };
}

export type SeriesHandle = ReturnType<typeof useSeries>;

/** Where the step goes: after a time is chosen, for a package that allows a series (nothing until its code is here). */
export function SeriesSlot({ series, bookingTime, disabled, hold }: { series: SeriesHandle; bookingTime: string; disabled: boolean; hold: HoldState }) {
  if (!series.offered || !series.mod || !bookingTime) return null;
  const { SeriesStep } = series.mod;
  // The step asks for the very series held for this patient (back from Checkout): its visits are theirs,
  // not 'taken' as the preview (which cannot tell whose hold it is) would list them.
  const held = hold.kind === 'waiting' && hold.hold.series && series.resumable && hold.hold.request.endsWith(JSON.stringify(series.resumable)) ? hold.hold : undefined;
  return <SeriesStep series={series} disabled={disabled} held={held} />;
}
