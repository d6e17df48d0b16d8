import { transferApi } from '@cab/shared';
import { upload } from './catalog-helpers.ts';
import type { TestApp } from './helpers.ts';

/** One Item of a 2020 design (the shape of /work/shared/samples/design-2020.xml). */
export interface SampleItem {
  code: string;
  qty?: number | string;
  width?: number;
  height?: number;
  depth?: number;
  hinge?: string;
  description?: string;
  children?: SampleItem[];
}

function itemXml(it: SampleItem, number: string, indent: string): string {
  const tags = [
    `<UserCode>${it.code}</UserCode>`,
    it.description === undefined ? '' : `<Description>${it.description}</Description>`,
    it.qty === undefined ? '' : `<Quantity>${it.qty}</Quantity>`,
    it.width === undefined ? '' : `<VarWidth>${it.width}</VarWidth>`,
    it.height === undefined ? '' : `<VarHeight>${it.height}</VarHeight>`,
    it.depth === undefined ? '' : `<VarDepth>${it.depth}</VarDepth>`,
    it.hinge === undefined ? '' : `<Hinge>${it.hinge}</Hinge>`,
  ].filter(Boolean);
  const children = (it.children ?? []).map((c, i) => itemXml(c, `${number}.${i + 1}`, `${indent}  `));
  return [
    `${indent}<Item Number="${number}">`,
    ...tags.map((t) => `${indent}  ${t}`),
    ...children,
    `${indent}</Item>`,
  ].join('\n');
}

/** A 2020 design file: one Design per room, as the sample. */
export function design2020(designs: { name: string; items: SampleItem[] }[], project = 'Test residence'): string {
  const body = designs.map((d) =>
    [
      `  <Design Name="${d.name}">`,
      '    <Catalog Name="Demo cabinets" Version="2026.2"/>',
      ...d.items.map((it, i) => itemXml(it, String(i + 1), '    ')),
      '  </Design>',
    ].join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a 2020 design -->\n<Project Name="${project}" Designer="T" Date="2026-10-02">\n${body.join('\n')}\n</Project>\n`;
}

export const xmlPart = (xml: string, name = 'order_file') => ({
  name,
  filename: 'design.xml',
  contentType: 'application/xml',
  bytes: Buffer.from(xml),
});

export function importOrder(t: TestApp, token: string, xml: string, fields: Record<string, string> = {}) {
  return upload(t, transferApi.importOrder, token, {}, [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    xmlPart(xml),
  ]);
}

/** Samples for the access matrix: ids that do not exist, so a permitted call answers 404/400 and changes nothing. */
export function transferSamples() {
  return {
    'transferApi.orderExport': { params: { id: 999_999 } },
    'transferApi.orderYaml': { params: { id: 999_999 } },
  };
}

export function reportsSamples() {
  return {
    'reportsApi.plannerUpdate': { params: { id: 999_999 }, body: { planned_date: '2031-01-06' } },
    'reportsApi.workList': { params: { date: '2031-01-06' } },
  };
}
