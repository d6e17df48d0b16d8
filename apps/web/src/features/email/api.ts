import { type AnnouncementBody, type EmailTemplateBody, emailApi, type OUTBOX_STATUSES } from '@cab/shared';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceFamily } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call } from '../../lib/api.ts';

export const emailKeys = {
  ...resourceFamily('email', ['templates', 'outbox', 'announcements']),
  /** One template by name (the editor's cache entry). */
  template: (name: string) => emailKeys.templates.detail(name),
  /** The signed-in user's current announcements (the banner above every page). */
  current: () => [...emailKeys.all, 'current-announcements'] as const,
};

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export function useTemplates() {
  return useQuery({
    queryKey: emailKeys.templates.lists(),
    queryFn: ({ signal }) => call(emailApi.listTemplates, { signal }),
  });
}

/** An unknown name answers 404, which the API client turns into the 404 page. */
export function useTemplate(name: string) {
  return useQuery({
    queryKey: emailKeys.template(name),
    queryFn: ({ signal }) => call(emailApi.getTemplate, { params: { name }, signal }),
    retry: false,
  });
}

export function useSaveTemplate(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailTemplateBody) => call(emailApi.updateTemplate, { params: { name }, body, form: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailKeys.template(name), saved);
      void queryClient.invalidateQueries({ queryKey: emailKeys.templates.all });
    },
  });
}

/** Renders without saving; a template that does not render is a 400 with field errors, shown by the caller. */
export function previewTemplate(name: string, body: EmailTemplateBody, signal?: AbortSignal) {
  return call(emailApi.previewTemplate, { params: { name }, body, signal, skipCommonHandling: true });
}

export function useOutbox(list: ListQueryState<{ status: string }>) {
  const query = listQueryOf(list) as { page: number; page_size: number; status?: OutboxStatus };
  return useQuery({
    queryKey: emailKeys.outbox.list(query),
    queryFn: ({ signal }) => call(emailApi.outbox, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(list: ListQueryState<Record<never, string>>) {
  const query = listQueryOf(list);
  return useQuery({
    queryKey: emailKeys.announcements.list(query),
    queryFn: ({ signal }) => call(emailApi.announcements, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A sent or expired announcement changes the sent list and the current ones (the banner). */
const invalidateAnnouncements = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: emailKeys.announcements.lists() }),
    client.invalidateQueries({ queryKey: emailKeys.current() }),
  ]);

export function usePreviewAnnouncement() {
  return useMutation({
    mutationFn: (body: AnnouncementBody) => call(emailApi.previewAnnouncement, { body, form: true }),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => call(emailApi.sendAnnouncement, { body, form: true }),
    onSuccess: () => invalidateAnnouncements(queryClient),
  });
}

export function useExpireAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(emailApi.expireAnnouncement, { params: { id } }),
    onSuccess: () => invalidateAnnouncements(queryClient),
  });
}

/** Fetched once per session (no refetch on focus or remount); a new sign-in clears the cache. */
export function useCurrentAnnouncements(enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.current(),
    queryFn: ({ signal }) => call(emailApi.currentAnnouncements, { signal, skipCommonHandling: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
