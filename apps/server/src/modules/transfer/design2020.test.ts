import { TRANSFER_TEXT } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../kit/errors.ts';
import { flatItems, parseDesign2020 } from './design2020.ts';

const parse = (xml: string) => parseDesign2020(Buffer.from(xml), 'order_file');
const failure = (xml: string) => {
  try {
    parse(xml);
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a 400');
};

describe('parseDesign2020', () => {
  it('reads rooms, items, attachments and the line each item starts on (comments not counted)', () => {
    const file = parse(
      [
        '<?xml version="1.0"?>',
        '<!-- <Item> in a comment',
        '  spans lines -->',
        '<Project Name="P">',
        '  <Design Name="Kitchen">',
        '    <Item Number="1"><UserCode>B30</UserCode><Quantity>2</Quantity><Hinge>Left</Hinge>',
        '      <Item><UserCode>FEP-B</UserCode></Item>',
        '    </Item>',
        '  </Design>',
        '  <Design Name="Pantry"><Item><UserCode> U1884 </UserCode><VarWidth>18</VarWidth></Item></Design>',
        '</Project>',
      ].join('\n'),
    );
    expect(file.project).toBe('P');
    expect(file.designs.map((d) => d.name)).toEqual(['Kitchen', 'Pantry']);
    expect(file.itemCount).toBe(3);
    const items = flatItems(file);
    expect(items.map((i) => [i.line, i.userCode])).toEqual([
      [6, 'B30'],
      [7, 'FEP-B'],
      [10, 'U1884'],
    ]);
    expect(items[0]).toMatchObject({ quantity: '2', hinge: 'Left', width: null });
    expect(items[2]!.width).toBe('18');
  });

  it('answers 400 on malformed XML, another root, no items, a DOCTYPE and deep nesting', () => {
    const bad = failure('<Project>\n<Design>\n<Item></Design></Project>');
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^The file is not valid XML \(line 3\)/);
    expect(failure('<Catalog/>').message).toBe(TRANSFER_TEXT.notDesign);
    expect(failure('<Project><Design Name="K"/></Project>').message).toBe(TRANSFER_TEXT.noItems);
    expect(failure('<!DOCTYPE p [<!ENTITY x "y">]><Project/>').status).toBe(400);
    const deep = `<Project><Design>${'<Item>'.repeat(5000)}${'</Item>'.repeat(5000)}</Design></Project>`;
    expect(failure(deep).message).toBe(TRANSFER_TEXT.tooDeep(32));
    expect(failure('').status).toBe(400);
  });
});
