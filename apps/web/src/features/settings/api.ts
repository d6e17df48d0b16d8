import { type AddressBody, accountsApi, coreApi, type ResetPasswordBody, type SettingsPatch } from '@cab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiRequestError } from '../../lib/api.ts';
import { accountKeys } from '../accounts/index.ts';

/**
 * Data of the self-service settings screens: address changes and global settings. Profiles and the
 * address list are read through features/accounts, whose cache keys these writes refresh.
 */
const settingsKeys = {
  all: ['settings'] as const,
  global: () => [...settingsKeys.all, 'global'] as const,
};

/** Add (no addressId) or replace an address; the list is reloaded since a new default unsets the old one. */
export function useSaveAddress(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ addressId, body }: { addressId: number | null; body: AddressBody }) =>
      addressId === null
        ? call(accountsApi.addAddress, { params: { id: userId }, body, form: true })
        : call(accountsApi.updateAddress, { params: { id: userId, addressId }, body, form: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses.detail(userId) }),
  });
}

export function useDeleteAddress(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => call(accountsApi.deleteAddress, { params: { id: userId, addressId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses.detail(userId) }),
  });
}

/** What the postal-code lookup says about a code the person typed. */
export type PostalCodeLookup = { found: { city: string; state: string } } | { unknown: true } | { failed: true };

/**
 * City and state of a postal code, `unknown` when the server does not know the code (its 400 on
 * the postal_code field), `failed` when the lookup could not be made. No popup either way: the
 * lookup only helps typing, and the form says what it found.
 */
export async function lookupPostalCode(postalCode: string): Promise<PostalCodeLookup> {
  try {
    const found = await call(coreApi.postalCodeLookup, {
      query: { postal_code: postalCode },
      skipCommonHandling: true,
    });
    const first = found.cities[0];
    return first ? { found: first } : { unknown: true };
  } catch (error) {
    return isApiRequestError(error) && error.fields.postal_code ? { unknown: true } : { failed: true };
  }
}

export function useGlobalSettings() {
  return useQuery({
    queryKey: settingsKeys.global(),
    queryFn: ({ signal }) => call(coreApi.getSettings, { signal }),
  });
}

export function usePatchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsPatch) => call(coreApi.patchSettings, { body, form: true }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.global(), settings),
  });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: (email: string) => call(accountsApi.forgetPassword, { body: { email }, form: true }),
  });
}

/** The page shows the server's message itself (invalid or expired link, field errors). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      call(accountsApi.resetPassword, { body, form: true, skipCommonHandling: true }),
  });
}
