import { type AnnouncementBody, type EmailTemplateBody, emailApi, type OUTBOX_STATUSES } from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const emailKeys = {
  all: ['email'] as const,
  templates: () => [...emailKeys.all, 'templates'] as const,
  template: (name: string) => [...emailKeys.templates(), name] as const,
  outbox: (query: OutboxQuery) => [...emailKeys.all, 'outbox', query] as const,
  announcements: (query: { page: number; page_size: number }) => [...emailKeys.all, 'announcements', query] as const,
  current: () => [...emailKeys.all, 'announcements', 'current'] as const,
};

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export interface OutboxQuery {
  page: number;
  page_size: number;
  status?: OutboxStatus;
}

export function useTemplates() {
  return useQuery({
    queryKey: emailKeys.templates(),
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
      void queryClient.invalidateQueries({ queryKey: emailKeys.templates() });
    },
  });
}

/** Renders without saving; a template that does not render is a 400 with field errors, shown by the caller. */
export function previewTemplate(name: string, body: EmailTemplateBody, signal?: AbortSignal) {
  return call(emailApi.previewTemplate, { params: { name }, body, signal, skipCommonHandling: true });
}

export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: emailKeys.outbox(query),
    queryFn: ({ signal }) => call(emailApi.outbox, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(query: { page: number; page_size: number }) {
  return useQuery({
    queryKey: emailKeys.announcements(query),
    queryFn: ({ signal }) => call(emailApi.announcements, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePreviewAnnouncement() {
  return useMutation({
    mutationFn: (body: AnnouncementBody) => call(emailApi.previewAnnouncement, { body, form: true }),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => call(emailApi.sendAnnouncement, { body, form: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailKeys.all, 'announcements'] }),
  });
}

export function useExpireAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(emailApi.expireAnnouncement, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailKeys.all, 'announcements'] }),
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
