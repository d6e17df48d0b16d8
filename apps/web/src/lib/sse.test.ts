import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse.ts';

function read(chunks: string[], lastEventId = '') {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    { message: (m) => messages.push(m), comment: (c) => comments.push(c), retry: (ms) => retries.push(ms) },
    lastEventId,
  );
  for (const chunk of chunks) parser.push(chunk);
  return { messages, comments, retries };
}

describe('the event stream reader', () => {
  it('reads id, event and JSON data, and keeps the id for events without one', () => {
    const { messages } = read([
      'id: 7\nevent: scan\ndata: {"order_id":30}\n\n',
      'event: planner\ndata: {"order_id":31,"planned_date":null}\n\n',
    ]);
    expect(messages).toEqual([
      { id: '7', event: 'scan', data: '{"order_id":30}' },
      { id: '7', event: 'planner', data: '{"order_id":31,"planned_date":null}' },
    ]);
  });

  it('puts an event together from chunks cut anywhere, CRLF and CR included', () => {
    const text = 'id: 12\r\nevent: order_status\r\ndata: {"order_id":1,\r\ndata: "status":"SHIPPED"}\r\n\r\n';
    const whole = read([text]).messages;
    const split = read(text.split('')).messages;
    expect(whole).toEqual([{ id: '12', event: 'order_status', data: '{"order_id":1,\n"status":"SHIPPED"}' }]);
    expect(split).toEqual(whole);
    expect(read(['id: 3\revent: remake\rdata: {}\r', '\r']).messages).toEqual([
      { id: '3', event: 'remake', data: '{}' },
    ]);
  });

  it('hears keep-alive comments and retry, and sends nothing for an event without data', () => {
    const { messages, comments, retries } = read([': keep-alive\n\nretry: 3000\nevent: scan\n\n']);
    expect(messages).toEqual([]);
    expect(comments).toEqual(['keep-alive']);
    expect(retries).toEqual([3000]);
  });

  it('starts from the id it resumes after, and holds an event until its blank line', () => {
    const { messages } = read(['data: {"a":1}\n', 'data: x'], '41');
    expect(messages).toEqual([]);
    expect(read(['data: {"a":1}\n\n'], '41').messages).toEqual([{ id: '41', event: 'message', data: '{"a":1}' }]);
  });
});

describe('an id with no data', () => {
  it('sets the last event id without an event (the id a fresh stream sends first)', () => {
    const ids: string[] = [];
    const messages: unknown[] = [];
    const parser = createSseParser({ message: (m) => messages.push(m), id: (id) => ids.push(id) });
    parser.push('id: 57\nretry: 3000\n\n');
    expect(messages).toEqual([]);
    expect(ids).toEqual(['57']);
    parser.push('event: scan\ndata: {}\n\n');
    expect(messages).toEqual([{ id: '57', event: 'scan', data: '{}' }]);
  });
});
