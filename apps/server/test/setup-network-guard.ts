import { forbidNetworkInTransactions } from '../src/kit/network-guard.ts';

// Every API test runs under the house rule: a network call inside a transaction throws.
forbidNetworkInTransactions();
