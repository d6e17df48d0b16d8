import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';

const api = endpointsFor(['events']);

/** The live floor (issue 29, decision 0042). */
export const eventsApi = {
  stream: api.everyone({
    method: 'GET',
    path: '/api/events/',
    summary:
      'Server-Sent Events (text/event-stream): scan, order_status, remake, planner, payment, approval; a comment every 15 s; ' +
      'a fresh stream sends the newest event id first; Last-Event-ID resumes. The shop hears every event, ' +
      'a customer its own order_status, payment and approval (a business manager also its company’s)',
    // The answer is a stream, not JSON (schemas.ts describes each event's data).
    response: z.string(),
  }),
};
