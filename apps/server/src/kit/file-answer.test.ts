import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type FileAnswer, sendFile } from './file-answer.ts';

async function answer(file: FileAnswer) {
  const app = Fastify();
  // The app's (http/security-headers.ts): here it only marks the answer a document.
  app.decorateReply('asDocument', function (this: FastifyReply) {
    return this.header('x-document', 'yes');
  });
  app.get('/f', async (_req, reply) => sendFile<Buffer>(reply, file));
  const res = await app.inject({ method: 'GET', url: '/f' });
  await app.close();
  return res;
}

describe('a file answer', () => {
  it('a text file: UTF-8, saved under its name, never cached or sniffed', async () => {
    const res = await answer({ name: 'aging_report_2026-11-28.csv', type: 'text/csv', body: 'a,b\r\né,1\r\n' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="aging_report_2026-11-28.csv"; filename*=UTF-8''aging_report_2026-11-28.csv`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-document']).toBe('yes');
    expect(res.body).toBe('a,b\r\né,1\r\n');
  });

  it('a PDF shown inline, a name outside ASCII kept exactly in filename*', async () => {
    const res = await answer({
      name: "Devis n°7 (José's).pdf",
      type: 'application/pdf',
      body: Buffer.from('%PDF'),
      inline: true,
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Devis n_7 (Jos_'s).pdf"; filename*=UTF-8''Devis%20n%C2%B07%20%28Jos%C3%A9%27s%29.pdf`,
    );
    expect(res.body).toBe('%PDF');
  });
});
