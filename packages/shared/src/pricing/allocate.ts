import { type Cents, cents } from '../money.ts';

/**
 * Splits `total` over `weights` in proportion, largest remainder first, so the parts add up to
 * `total` exactly (Vendure's prorate, dinero's allocate). Ties go to the earlier key (or index),
 * so the split does not depend on the order lines arrive in when keys are given. Weights may be
 * negative (credit lines); if they cancel out, absolute values are used, and if all are zero the
 * split is even. BigInt keeps total x weight exact for any amount.
 */
export function allocate(total: Cents, weights: readonly number[], keys?: readonly string[]): Cents[] {
  const n = weights.length;
  if (n === 0) {
    if (total !== 0) throw new RangeError('cannot allocate a non-zero amount over no lines');
    return [];
  }
  let w = weights.map((x) => BigInt(x));
  let sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    w = w.map((x) => (x < 0n ? -x : x));
    sum = w.reduce((a, b) => a + b, 0n);
  }
  if (sum === 0n) {
    w = w.map(() => 1n);
    sum = BigInt(n);
  }
  if (sum < 0n) {
    w = w.map((x) => -x);
    sum = -sum;
  }
  const t = BigInt(total);
  const parts: bigint[] = new Array(n);
  const remainders: bigint[] = new Array(n);
  let given = 0n;
  for (let i = 0; i < n; i++) {
    const num = t * (w[i] as bigint);
    // Floor division (BigInt division truncates toward zero).
    let q = num / sum;
    let r = num - q * sum;
    if (r < 0n) {
      q -= 1n;
      r += sum;
    }
    parts[i] = q;
    remainders[i] = r;
    given += q;
  }
  let left = Number(t - given); // 0 <= left < n
  if (left > 0) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const ra = remainders[a] as bigint;
      const rb = remainders[b] as bigint;
      if (ra !== rb) return ra > rb ? -1 : 1;
      if (keys) {
        const ka = keys[a] as string;
        const kb = keys[b] as string;
        if (ka !== kb) return ka < kb ? -1 : 1;
      }
      return a - b;
    });
    for (const i of order) {
      if (left === 0) break;
      parts[i] = (parts[i] as bigint) + 1n;
      left -= 1;
    }
  }
  return parts.map((p) => cents(Number(p)));
}
