// FullCalendar 7 as the calendar's two grids use it (the page's calendar and the team's day): its
// plugins (entry points of @fullcalendar/react; named zones come with it through temporal-polyfill),
// the classic theme's structure and CSS (the palette is ours, from Bootstrap's variables, in
// web/src/styles/app.css, so it follows the console's light and dark modes), and class names of our
// own on the parts our CSS and tests reach (v7's own class names are generated, `fc-classic-sW`).
// Imported by the calendar route only, so all of it loads with that route's chunk.
import type { CalendarOptions, EventDisplayInfo, PluginInput, ViewDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';

export const MAIN_PLUGINS: PluginInput[] = [classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
export const TEAM_PLUGINS: PluginInput[] = [classicTheme, timeGridPlugin, interactionPlugin];

/**
 * Our names for the parts we style and test, added to the theme's (v7 joins class-name options):
 * every event (`calendar-event`, its drag mirror `calendar-event-mirror`), its time, the time grid's
 * slot lines and labels (with FullCalendar's `data-time`), the day heads (with `data-date`), the
 * "+2 more" links, the view; and the list day's name (below).
 */
export const CALENDAR_CLASSES = {
  // The list view's titles wrap on a phone (its rows are the day's items, nothing beside them to keep).
  viewClass: (info: ViewDisplayInfo) => (info.view.type.startsWith('list') ? 'calendar-view calendar-view-list' : 'calendar-view'),
  listItemEventTitleClass: 'calendar-list-title',
  eventClass: (info: EventDisplayInfo) => (info.isMirror ? 'calendar-event calendar-event-mirror' : 'calendar-event'),
  eventInnerClass: 'calendar-event-inner',
  blockEventClass: 'calendar-block-event',
  listItemEventBeforeClass: 'calendar-dot',
  eventTimeClass: 'calendar-event-time',
  backgroundEventClass: 'calendar-bg-event',
  backgroundEventTitleClass: 'calendar-bg-event-title',
  dayHeaderClass: 'calendar-day-head',
  dayHeaderInnerClass: 'calendar-day-head-inner',
  slotLaneClass: 'calendar-slot',
  slotHeaderClass: 'calendar-slot-label',
  moreLinkClass: 'calendar-more',
  // v7 names each list day (role listitem) by its date alone, while it shows the date and the day's
  // items: a name that leaves out what is shown (axe label-content-name-mismatch, WCAG 2.5.3). Without
  // the label the day is read from what it shows, its visible date first.
  listDayHeaderDidMount: (arg: { el: HTMLElement }) => arg.el.closest('[role="listitem"]')?.removeAttribute('aria-label'),
  // The same for a week's day heads: each is a link to its day labelled with the full date while it
  // shows "Sun 11/29"; the link is read by what it shows. (The team's day names its heads itself.)
  dayHeaderDidMount: (arg: { el: HTMLElement }) => arg.el.querySelectorAll('[role="link"][aria-label]').forEach((link) => link.removeAttribute('aria-label')),
} satisfies CalendarOptions;

/**
 * No scroll to a time: both grids are as tall as their hours (height 'auto'), so there is nothing to
 * scroll, and 7.1.4 scrolls a time grid a frame later, throwing ("reading 'scrollTo'") when the grid's
 * scroller is gone by then (seen while dragging on the team's day). '' is read as no time.
 */
export const NO_SCROLL_TIME = '';

/** The document's direction (v7 lays out right to left when told; it does not read the page's `dir`). */
export const documentDirection = (): 'ltr' | 'rtl' => (typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

/**
 * An event's border in its look's colour (v7 events have one colour, `color`, for fill and border; a
 * requested or unpaid item is a pale fill with a strong border): read from the event's
 * `extendedProps.border` into a variable that web/src/styles/app.css paints on a block's border and a
 * list item's dot (a pale dot would not show).
 */
export function markBorder(info: { el: HTMLElement; event: { extendedProps: Record<string, unknown> } }): void {
  const border = info.event.extendedProps.border;
  if (typeof border === 'string') info.el.style.setProperty('--calendar-event-border', border);
}
