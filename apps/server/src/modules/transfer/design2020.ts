import { ERROR_CODES, TRANSFER_LIMITS, TRANSFER_TEXT } from '@cab/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../kit/errors.ts';

/**
 * The public 2020 Design XML order format (DOMAIN.md "Imports and exports"; the shape of
 * /work/shared/samples/design-2020.xml): Project / Design (one per room) / Catalog / Item, an
 * Item inside an Item being its attachment. Pure: bytes in, designs out, or a 400 that says what
 * is wrong with the file.
 */
export interface DesignItem {
  /** The line of the file the item starts on (1-based): what a person looks for in the file. */
  line: number;
  userCode: string;
  description: string | null;
  quantity: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  hinge: string | null;
  children: DesignItem[];
}

interface Design {
  name: string;
  items: DesignItem[];
}

export interface DesignFile {
  project: string | null;
  designs: Design[];
  /** Items of the whole file, attachments included. */
  itemCount: number;
}

const LINE_ATTR = '__line';
/** Deepest element nesting accepted (a 2020 file nests 4 or 5 levels): the parser's tree is built recursively. */
const MAX_DEPTH = 32;

/** How deep the elements of `xml` nest (tags counted, comments and declarations skipped). */
function nestingDepth(xml: string): number {
  let depth = 0;
  let max = 0;
  for (const m of xml.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1]) depth -= 1;
    else if (!m[2]) {
      depth += 1;
      if (depth > max) max = depth;
    }
  }
  return max;
}

/** Comments blanked out (their line breaks kept), so a commented-out <Item> is not counted. */
const blankComments = (xml: string) => xml.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));

/** Every <Item> start tag gains its line number as an attribute (the parser gives no positions). */
function markItemLines(xml: string): string {
  let line = 1;
  let last = 0;
  return xml.replace(/<Item(?=[\s>/])/g, (match, offset: number) => {
    for (let i = last; i < offset; i++) if (xml.charCodeAt(i) === 10) line += 1;
    last = offset;
    return `${match} ${LINE_ATTR}="${line}"`;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Design' || name === 'Item',
});

type Node = Record<string, unknown>;

const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') {
    const inner = (v as Node)['#text'];
    return inner === undefined ? null : String(inner).trim() || null;
  }
  return String(v).trim() || null;
};

const asNodes = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((n): n is Node => !!n && typeof n === 'object');

export function parseDesign2020(bytes: Buffer, field: string): DesignFile {
  const bad = (message: string) => badRequest(ERROR_CODES.validation, message, { [field]: [message] });
  const raw = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (raw.trim() === '') throw bad(TRANSFER_TEXT.notXml('the file is empty', null));
  // No document type: it is where entity expansion attacks live, and 2020 files have none.
  if (/<!DOCTYPE/i.test(raw)) throw bad(TRANSFER_TEXT.notXml('a DOCTYPE is not accepted', null));
  if (nestingDepth(blankComments(raw)) > MAX_DEPTH) throw bad(TRANSFER_TEXT.tooDeep(MAX_DEPTH));
  const checked = XMLValidator.validate(raw);
  if (checked !== true) throw bad(TRANSFER_TEXT.notXml(checked.err.msg, checked.err.line ?? null));
  const doc = parser.parse(markItemLines(blankComments(raw))) as Node;
  const project = doc.Project as Node | undefined;
  if (!project || typeof project !== 'object') throw bad(TRANSFER_TEXT.notDesign);
  const designNodes = asNodes(project.Design);
  if (designNodes.length === 0) throw bad(TRANSFER_TEXT.notDesign);

  let itemCount = 0;
  const toItem = (node: Node): DesignItem => {
    itemCount += 1;
    if (itemCount > TRANSFER_LIMITS.items) throw bad(TRANSFER_TEXT.tooManyItems(TRANSFER_LIMITS.items));
    return {
      line: Number(node[`@_${LINE_ATTR}`] ?? 0),
      userCode: text(node.UserCode) ?? '',
      description: text(node.Description),
      quantity: text(node.Quantity),
      width: text(node.VarWidth),
      height: text(node.VarHeight),
      depth: text(node.VarDepth),
      hinge: text(node.Hinge),
      children: asNodes(node.Item).map(toItem),
    };
  };
  const designs = designNodes.map((d, i) => ({
    name: text(d['@_Name']) ?? `Design ${i + 1}`,
    items: asNodes(d.Item).map(toItem),
  }));
  if (itemCount === 0) throw bad(TRANSFER_TEXT.noItems);
  return { project: text(project['@_Name']), designs, itemCount };
}

/** The items of a file in document order, attachments after their cabinet. */
export function flatItems(file: DesignFile): DesignItem[] {
  const out: DesignItem[] = [];
  const walk = (items: DesignItem[]) => {
    for (const it of items) {
      out.push(it);
      walk(it.children);
    }
  };
  for (const d of file.designs) walk(d.items);
  return out;
}
