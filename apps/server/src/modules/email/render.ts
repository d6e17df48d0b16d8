import { MSG } from '@cab/shared';
import { type FS, Liquid } from 'liquidjs';

/** Thrown by the file system the engine gets: templates never read files (include, render, layout). */
class FileAccessRefused extends Error {}
const refuse = (): never => {
  throw new FileAccessRefused();
};
const NO_FILES: FS = {
  exists: async () => refuse(),
  existsSync: refuse,
  readFile: async () => refuse(),
  readFileSync: refuse,
  resolve: refuse,
  contains: async () => false,
  containsSync: () => false,
};

/**
 * Bounds on one render. A render runs on the event loop, so the time limit is what a template
 * can take from every other request; real e-mails render in well under a millisecond.
 */
const RENDER_LIMITS = {
  /** Milliseconds of rendering. */
  renderMs: 200,
  /** Characters of template source parsed per render. */
  parseChars: 100_000,
  /** Liquid's count of allocated items (range sizes, string lengths): ~ characters of output. */
  memory: 2_000_000,
} as const;

/**
 * Liquid cannot run code: templates only read the data they are given. Unknown placeholders and
 * filters are errors, so a template with a typo cannot be saved.
 */
const engine = new Liquid({
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  cache: false,
  fs: NO_FILES,
  // A root is kept so that every lookup reaches NO_FILES, which names the refusal.
  root: ['/nonexistent'],
  relativeReference: false,
  renderLimit: RENDER_LIMITS.renderMs,
  parseLimit: RENDER_LIMITS.parseChars,
  memoryLimit: RENDER_LIMITS.memory,
});

export class TemplateError extends Error {}

/** Liquid wraps what a tag throws; walk down to the first cause. */
function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 10; e = (e as { originalError?: unknown }).originalError) chain.push(e);
  return chain;
}

export async function renderText(source: string, data: Record<string, unknown>): Promise<string> {
  try {
    return await engine.parseAndRender(source, data);
  } catch (err) {
    const chain = causes(err);
    if (chain.some((e) => e instanceof FileAccessRefused)) throw new TemplateError(MSG.templateNoFiles);
    if (chain.some((e) => /limit exceeded/.test((e as Error).message ?? ''))) {
      throw new TemplateError(MSG.templateTooCostly);
    }
    // Liquid's messages carry the line and column; the first line is what an editor needs.
    throw new TemplateError((err as Error).message.split('\n')[0] ?? 'Template error');
  }
}

/** Dotted paths of every leaf in the sample data: the placeholders a template may use. */
export function placeholdersOf(data: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(data).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? placeholdersOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}
