/**
 * The owner's club settings: the club as its owner reads it, its Stripe Connect status and its
 * billing. Not retried when refused: the API answers anyone but the owner 404 or 403, and asking
 * again changes nothing.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { routeKey, routePagesKey } from '../../api/queryKeys.ts';

/** The owner's view of the club, which the settings pages write back after a save. */
export const ownedClubKey = (clubId: string) => routeKey('getOwnedClub', { params: { clubId } });

/**
 * After the owner saved the club's details: every other cached read (the club's page, header,
 * directory and dashboards) reads again; the owner's view holds the saved answer already.
 */
export const refreshAfterClubEdit = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== routeKey('getOwnedClub')[0] });

/** The club of the page's `clubId` as its owner reads it. */
export const useOwnedClub = (clubId: string) =>
  useApiQuery('getOwnedClub', { params: { clubId } }, { enabled: Boolean(clubId), retry: false });

export const useConnect = (clubId: string, enabled: boolean) =>
  useApiQuery('getConnectStatus', { params: { clubId } }, { enabled });

export const useClubBilling = (clubId: string) =>
  useApiQuery('getClubBilling', { params: { clubId } }, { enabled: Boolean(clubId) });

/** The club's API keys as the owner's Developers tab lists them. */
export const apiKeysKey = (clubId: string) => routeKey('listApiKeys', { params: { clubId } });

export const useApiKeys = (clubId: string) =>
  useApiQuery('listApiKeys', { params: { clubId } }, { enabled: Boolean(clubId) });

/** The club's webhook endpoints as the Developers tab lists them. */
export const webhooksKey = (clubId: string) => routeKey('listWebhooks', { params: { clubId } });

export const useWebhooks = (clubId: string) =>
  useApiQuery('listWebhooks', { params: { clubId } }, { enabled: Boolean(clubId) });

/** Every loaded page of an endpoint's delivery log (all of them read again on invalidation). */
export const webhookDeliveriesKey = (clubId: string, webhookId: string) =>
  routePagesKey('listWebhookDeliveries', { params: { clubId, webhookId } });

/** How often a log holding a pending delivery reads again, until none is. */
export const DELIVERY_POLL_MS = 2000;

/** An endpoint's delivery log, newest first, by cursor; read again while a delivery in it is pending. */
export function useWebhookDeliveries(clubId: string, webhookId: string) {
  const queryClient = useQueryClient();
  const log = useApiPages('listWebhookDeliveries', { params: { clubId, webhookId } });
  const pending = log.data?.pages.some((page) =>
    page.items.some((delivery) => delivery.status === 'pending'),
  );
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(clubId, webhookId) }),
      DELIVERY_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [pending, queryClient, clubId, webhookId]);
  return log;
}
