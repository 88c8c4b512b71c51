/**
 * Target of the ClubSuspension rule of the event manifest: the app's own events, put on the bus
 * after a super admin suspended or reactivated a club, or after its creator plan moved it to
 * another status. Its members' subscriptions follow the club's current state
 * (payments/member-billing.ts); applying it twice changes nothing, so a retried delivery is
 * harmless.
 */
import { detailTypesOf, idSchema } from '@clubs/shared';
import * as z from 'zod';
import { defineConsumer, sameForEach } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { syncMemberBilling } from '../payments/member-billing.ts';

const detailSchema = z.object({ clubId: idSchema });

export const handler = defineConsumer(
  'club-billing',
  sameForEach(
    detailTypesOf('club-billing'),
    () => detailSchema,
    async ({ clubId }) => {
      const result = await syncMemberBilling(clubId);
      if (!result) {
        logger.info('no such club', { clubId });
        return 'ignored';
      }
      logger.info('member billing follows the club', { clubId, ...result });
      return 'processed';
    },
  ),
);
