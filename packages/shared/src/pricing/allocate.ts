import { type Cents, cents } from '../money.ts';

/**
 * Splits `total` over `weights` in proportion, largest remainder first, so the parts add up to
 * `total` exactly (Vendure's prorate, dinero's allocate). Ties go to the earlier key (or index),
 * so the split does not depend on the order lines arrive in when keys are given. Weights may be
 * negative (credit lines); if they cancel out, absolute values are used, and if all are zero the
 * split is even.
 */
export function allocate(total: Cents, weights: readonly number[], keys?: readonly string[]): Cents[] {
  const n = weights.length;
  if (n === 0) {
    if (total !== 0) throw new RangeError('cannot allocate a non-zero amount over no lines');
    return [];
  }
  let w = weights.slice();
  let sum = w.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    w = w.map(Math.abs);
    sum = w.reduce((a, b) => a + b, 0);
  }
  if (sum === 0) {
    w = w.map(() => 1);
    sum = n;
  }
  if (sum < 0) {
    w = w.map((x) => -x);
    sum = -sum;
  }
  // total x weight stays exact in doubles below 2^53 (every |weight| <= sum here); BigInt beyond.
  const exact = Math.abs(total) * sum <= Number.MAX_SAFE_INTEGER;
  const parts = new Array<number>(n);
  const remainders = new Array<number | bigint>(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const wi = w[i] as number;
    if (exact) {
      const num = total * wi;
      let q = Math.floor(num / sum);
      let r = num - q * sum;
      // Float division can be off by one near an integer; the exact remainder corrects it.
      if (r < 0) {
        q -= 1;
        r += sum;
      } else if (r >= sum) {
        q += 1;
        r -= sum;
      }
      parts[i] = q;
      remainders[i] = r;
      given += q;
    } else {
      const num = BigInt(total) * BigInt(wi);
      const s = BigInt(sum);
      let q = num / s; // truncates toward zero: make it a floor
      let r = num - q * s;
      if (r < 0n) {
        q -= 1n;
        r += s;
      }
      parts[i] = Number(q);
      remainders[i] = r;
      given += Number(q);
    }
  }
  let left = total - given; // 0 <= left < n
  if (left > 0) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const ra = remainders[a] as number;
      const rb = remainders[b] as number;
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
      parts[i] = (parts[i] as number) + 1;
      left -= 1;
    }
  }
  return parts.map((p) => cents(p));
}
