import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { useStripeKey } from './api.ts';

/** Stripe.js, loaded once per publishable key; a failed load is forgotten so a later visit tries again. */
const loads = new Map<string, Promise<Stripe | null>>();

export function stripeFor(pk: string): Promise<Stripe | null> {
  let load = loads.get(pk);
  if (!load) {
    load = loadStripe(pk).catch((error: unknown) => {
      loads.delete(pk);
      throw error;
    });
    loads.set(pk, load);
  }
  return load;
}

/**
 * Where Stripe.js stands for this page: `unconfigured` (no publishable key: card and bank payments
 * are off), `failed` (the script did not load: blocked, offline), or `ready` with the client.
 */
export type StripeState =
  | { status: 'pending' }
  | { status: 'unconfigured' }
  | { status: 'failed' }
  | { status: 'ready'; stripe: Stripe };

/** The publishable key and, when there is one, Stripe.js loaded from js.stripe.com. */
export function useStripeJs(): StripeState {
  const config = useStripeKey();
  const pk = config.data?.pk ?? '';
  const [loaded, setLoaded] = useState<{ pk: string; stripe: Stripe | null } | null>(null);
  useEffect(() => {
    if (!pk) return;
    let live = true;
    stripeFor(pk).then(
      (stripe) => live && setLoaded({ pk, stripe }),
      () => live && setLoaded({ pk, stripe: null }),
    );
    return () => {
      live = false;
    };
  }, [pk]);
  if (config.isPending) return { status: 'pending' };
  if (!pk) return config.isError ? { status: 'failed' } : { status: 'unconfigured' };
  if (loaded?.pk !== pk) return { status: 'pending' };
  return loaded.stripe ? { status: 'ready', stripe: loaded.stripe } : { status: 'failed' };
}
