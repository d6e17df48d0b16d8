/** The live floor's messages (issue 29). */
export const EVENTS_TEXT = {
  badLastEventId: 'Last-Event-ID must be the id of an event.',
} as const;
