import { Liquid } from 'liquidjs';

/**
 * Liquid cannot run code: templates only read the data they are given. Unknown placeholders and
 * filters are errors, so a template with a typo cannot be saved.
 */
const engine = new Liquid({ strictVariables: true, strictFilters: true, ownPropertyOnly: true, cache: false });

export class TemplateError extends Error {}

export async function renderText(source: string, data: Record<string, unknown>): Promise<string> {
  try {
    return await engine.parseAndRender(source, data);
  } catch (err) {
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
