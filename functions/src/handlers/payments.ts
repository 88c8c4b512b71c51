import { AppError } from '../http/errors.ts';
import { defineGroup } from '../http/route-handler.ts';

export const handler = defineGroup('payments', {
  createMembershipCheckout: async () => {
    throw new AppError('unavailable', 'Payments are not available yet');
  },
});
