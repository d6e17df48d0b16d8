import { describe, expect, it } from 'vitest';
import { applyTicks } from './SelectField.tsx';

describe('applyTicks: a multiple select tick applied to the latest choice', () => {
  it('two quick unticks from one stale render keep both', () => {
    const rendered = ['ORDERED', 'VERIFIED', 'IN_PROGRESS'];
    const afterFirst = applyTicks(rendered, ['ORDERED', 'IN_PROGRESS'], rendered);
    expect(afterFirst).toEqual(['ORDERED', 'IN_PROGRESS']);
    // The second click still sees the first render: MUI hands back that list minus IN_PROGRESS.
    expect(applyTicks(rendered, ['ORDERED', 'VERIFIED'], afterFirst)).toEqual(['ORDERED']);
  });

  it('a tick and an untick from one render both land', () => {
    const rendered = ['BID'];
    const afterFirst = applyTicks(rendered, ['BID', 'SHIPPED'], rendered);
    expect(applyTicks(rendered, [], afterFirst)).toEqual(['SHIPPED']);
  });

  it('with the latest render it is what MUI picked', () => {
    expect(applyTicks(['A', 'B'], ['A', 'B', 'C'], ['A', 'B'])).toEqual(['A', 'B', 'C']);
    expect(applyTicks(['A', 'B'], ['B'], ['A', 'B'])).toEqual(['B']);
  });
});
