import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import type { AdminUserRecord } from '@leadpulse/common';
import { useCan } from '../../auth/useCan';
import { ChangePlanDialog } from './ChangePlanDialog';
import { RefundDialog } from './RefundDialog';
import { Section } from './Section';

/** Customer Service (with a customer id): Update Billing Info, Process Refund, Change Subscription. */
export function CustomerService({
  user,
  onEditBilling,
}: {
  user: AdminUserRecord;
  onEditBilling: () => void;
}) {
  const [dialog, setDialog] = useState<'refund' | 'plan'>();
  const canBill = useCan('update_billing', 'users');
  const canRefund = useCan('process_refund', 'users');
  const canChangePlan = useCan('change_subscription', 'users');
  if (!user.stripe_customer_id || !(canBill || canRefund || canChangePlan)) return null;
  return (
    <Section title="Customer Service">
      <Stack spacing={1}>
        {canBill && (
          <Button variant="outlined" onClick={onEditBilling}>
            Update Billing Info
          </Button>
        )}
        {canRefund && (
          <Button variant="outlined" onClick={() => setDialog('refund')}>
            Process Refund
          </Button>
        )}
        {canChangePlan && (
          <Button
            variant="outlined"
            disabled={!user.stripe_subscription_id}
            onClick={() => setDialog('plan')}
          >
            Change Subscription
          </Button>
        )}
      </Stack>
      {dialog === 'refund' && <RefundDialog user={user} onClose={() => setDialog(undefined)} />}
      {dialog === 'plan' && <ChangePlanDialog user={user} onClose={() => setDialog(undefined)} />}
    </Section>
  );
}
