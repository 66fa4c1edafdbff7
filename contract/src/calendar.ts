import { Type } from 'typebox';
import { errors } from './common.js';

const common = { tags: ['calendar'] };

const FeedUrl = Type.Object({ url: Type.String({ description: "the calendar feed's secret address" }) });
const MaybeFeedUrl = Type.Object({
  url: Type.Union([Type.String(), Type.Null()], { description: 'null until one is made' }),
});

export const GetFeedUrl = {
  operationId: 'getCalendarFeedUrl',
  summary: "The address of the user's calendar feed",
  ...common,
  security: [{ bearer: [] }],
  response: { 200: MaybeFeedUrl, ...errors(401) },
};

export const NewFeedUrl = {
  operationId: 'renewCalendarFeedUrl',
  summary: 'Issue a new calendar feed address (the old one stops working)',
  ...common,
  security: [{ bearer: [] }],
  description: 'Makes a new secret address for the feed; the previous one stops working.',
  response: { 200: FeedUrl, ...errors(401) },
};

export const DeleteFeedUrl = {
  operationId: 'deleteCalendarFeedUrl',
  summary: 'Turn the calendar feed off',
  ...common,
  security: [{ bearer: [] }],
  description: 'Turns the feed off: its address stops working.',
  response: { 200: MaybeFeedUrl, ...errors(401) },
};

export const Feed = {
  operationId: 'getCalendarFeed',
  summary: 'The iCalendar feed of due dates, by its secret token',
  ...common,
  security: [],
  description:
    "The owner's assigned tasks with a due date as iCalendar events (text/calendar); the secret in the address is the permission.",
  params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
  response: {
    200: Type.String({ description: 'text/calendar' }),
    ...errors(404),
  },
};
