/*
 * A stand-in of Stripe.js for the browser tests, served AT STRIPE'S ADDRESS (https://js.stripe.com/...)
 * through Playwright's request routing (e2e/stripe-standin.ts), so the app's own headers, its
 * Content-Security-Policy first, decide whether it may run, exactly as they will for the real one.
 *
 * It does what the app uses, the way Stripe.js does it: the Payment Element is a frame from
 * js.stripe.com (frame-src), the bank account is collected in a frame of Stripe's (frame-src), and
 * every confirmation is a request to https://api.stripe.com (connect-src), answered by the test.
 */
(() => {
  const ORIGIN = 'https://js.stripe.com';
  const API = 'https://api.stripe.com/v1';
  const idOf = (secret) => String(secret).split('_secret')[0];
  const connectionError = { type: 'api_connection_error', message: 'Stripe could not be reached.' };

  /** A form-encoded POST, as Stripe.js sends them (the publishable key in the body). */
  function post(pk, path, params) {
    const body = new URLSearchParams({ key: pk, ...params });
    return fetch(`${API}${path}`, { method: 'POST', body })
      .then((res) => res.json().then((json) => (res.ok ? json : { error: json.error ?? connectionError })))
      .catch(() => ({ error: connectionError }));
  }

  /** A frame of js.stripe.com and the messages it posts (only its own, checked by origin and window). */
  function frameOf(path, title, onMessage) {
    const frame = document.createElement('iframe');
    frame.src = `${ORIGIN}${path}`;
    frame.title = title;
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    const listener = (event) => {
      if (event.origin === ORIGIN && event.source === frame.contentWindow && event.data?.standin) {
        onMessage(event.data);
      }
    };
    window.addEventListener('message', listener);
    return { frame, stop: () => window.removeEventListener('message', listener) };
  }

  function createElement(type) {
    const handlers = new Map();
    const emit = (name, payload) => {
      for (const handler of handlers.get(name) ?? []) handler(payload);
    };
    const state = { card: null, complete: false, ready: false, frame: null, stop: null };
    const element = {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        const { frame, stop } = frameOf(
          `/v3/elements-inner-${type}-standin.html`,
          'Secure payment input frame',
          (data) => {
            if (data.type === 'ready') {
              state.ready = true;
              emit('ready', { elementType: type });
            } else if (data.type === 'change') {
              state.card = data.card;
              state.complete = data.complete;
              emit('change', {
                elementType: type,
                complete: data.complete,
                empty: data.empty,
                value: { type: 'card' },
              });
            }
          },
        );
        frame.style.cssText = 'width:100%;height:150px;border:0;display:block';
        // A frame the browser refused (frame-src) loads an error page that never says it is ready.
        frame.addEventListener('load', () => {
          setTimeout(() => {
            if (!state.ready) emit('loaderror', { elementType: type, error: { type: 'invalid_request_error' } });
          }, 3000);
        });
        state.frame = frame;
        state.stop = stop;
        node.appendChild(frame);
      },
      unmount() {
        state.stop?.();
        state.frame?.remove();
      },
      destroy() {
        element.unmount();
      },
      on(name, handler) {
        handlers.set(name, [...(handlers.get(name) ?? []), handler]);
        return element;
      },
      off(name, handler) {
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((h) => h !== handler),
        );
        return element;
      },
      once(name, handler) {
        const once = (payload) => {
          element.off(name, once);
          handler(payload);
        };
        return element.on(name, once);
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      collapse() {},
      _state: state,
    };
    return element;
  }

  function elements(options) {
    const created = new Map();
    return {
      create(type) {
        const element = createElement(type);
        created.set(type, element);
        return element;
      },
      getElement: (type) => created.get(type) ?? null,
      update() {},
      fetchUpdates: async () => ({}),
      /** What the Payment Element checks before the server is asked for an intent. */
      submit: async () => {
        const element = created.get('payment') ?? created.get('card');
        if (!element?._state.complete) {
          return {
            error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
          };
        }
        return {};
      },
      _options: options,
    };
  }

  /** Stripe's window for a bank account: a frame over the page; resolves the details, or null when closed. */
  function collectInFrame() {
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center';
      const { frame, stop } = frameOf('/v3/linked-accounts-inner-standin.html', 'Connect a bank account', (data) => {
        if (data.type !== 'bank' && data.type !== 'close') return;
        stop();
        overlay.remove();
        resolve(data.type === 'bank' ? data.bank : null);
      });
      frame.style.cssText = 'width:420px;height:320px;border:0;background:#fff;border-radius:8px';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
    });
  }

  function Stripe(pk) {
    if (typeof pk !== 'string' || !pk.startsWith('pk_')) throw new Error('Invalid API Key provided');
    const collected = new Map();
    const cardOf = (element) => element?._state.card || {};
    const cardParams = (card) => ({
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number ?? '',
      'payment_method_data[card][exp]': card.exp ?? '',
      'payment_method_data[card][cvc]': card.cvc ?? '',
    });
    const confirmIntent = async (secret, params) => {
      const json = await post(pk, `/payment_intents/${idOf(secret)}/confirm`, { client_secret: secret, ...params });
      return json.error ? { error: json.error } : { paymentIntent: json };
    };
    return {
      elements,
      createToken: async () => ({ error: { type: 'invalid_request_error', message: 'Not in the stand-in' } }),
      createPaymentMethod: async () => ({ error: { type: 'invalid_request_error', message: 'Not in the stand-in' } }),
      confirmPayment: ({ elements: group, clientSecret, confirmParams }) =>
        confirmIntent(clientSecret, {
          ...cardParams(cardOf(group.getElement('payment'))),
          return_url: confirmParams?.return_url || '',
        }),
      confirmCardPayment: (secret, data) => confirmIntent(secret, cardParams(cardOf(data?.payment_method?.card))),
      confirmUsBankAccountPayment: (secret) => confirmIntent(secret, {}),
      retrievePaymentIntent: async (secret) => {
        const query = new URLSearchParams({ key: pk, client_secret: secret });
        const json = await fetch(`${API}/payment_intents/${idOf(secret)}?${query}`)
          .then((res) => res.json())
          .catch(() => ({ error: connectionError }));
        return json.error ? { error: json.error } : { paymentIntent: json };
      },
      collectBankAccountForSetup: async ({ clientSecret, params }) => {
        const bank = await collectInFrame();
        const id = idOf(clientSecret);
        if (!bank) return { setupIntent: { id, object: 'setup_intent', status: 'requires_payment_method' } };
        const name = params?.payment_method_data?.billing_details?.name ?? '';
        collected.set(id, { ...bank, name });
        return { setupIntent: { id, object: 'setup_intent', status: 'requires_confirmation' } };
      },
      confirmUsBankAccountSetup: async (secret) => {
        const bank = collected.get(idOf(secret)) ?? {};
        const json = await post(pk, `/setup_intents/${idOf(secret)}/confirm`, {
          client_secret: secret,
          'payment_method_data[type]': 'us_bank_account',
          'payment_method_data[us_bank_account][routing_number]': bank.routing ?? '',
          'payment_method_data[us_bank_account][account_number]': bank.account ?? '',
          'payment_method_data[billing_details][name]': bank.name ?? '',
        });
        return json.error ? { error: json.error } : { setupIntent: json };
      },
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  // The release train @stripe/stripe-js expects (it warns on another).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
