import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import {
  FREE_LIMITS,
  MESSAGES,
  accountPlanLabel,
  formatUsd,
  getPlan,
  isPlanSuspended,
  PLANS,
  type MemberRecord,
  type OwnMemberRecord,
} from '@leadpulse/common';
import { ApiError } from '../../../api/client';
import { FoundingDialog } from '../../../components/dialogs/FoundingDialog';
import { isPaying, memberApi } from '../../../features/member/member-api';
import { usePaymentMethodFlow } from '../../../features/member/usePaymentMethod';
import { BillingSection } from './BillingSection';
import { PlanChooser } from './PlanChooser';
import { UsageSection } from './UsageSection';

/** How often, and how many times, the member is asked for again after a plan checkout. */
export const CHECKOUT_POLL_MS = 2000;
const CHECKOUT_POLL_TRIES = 15;

/**
 * Back from a plan checkout (`?checkout=success`): the payment's webhook may land after the
 * member does, so the member is fetched again until the plan shows; then the notice goes, and the
 * parameter with it. Answers whether the subscription is still being set up.
 */
function useCheckoutReturn(member: MemberRecord, reload?: () => Promise<void>): boolean {
  const [params, setParams] = useSearchParams();
  const returned = params.get('checkout') === 'success';
  const settled = isPaying(member);

  useEffect(() => {
    if (!returned) return;
    if (settled) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('checkout');
          return next;
        },
        { replace: true },
      );
      return;
    }
    if (!reload) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries >= CHECKOUT_POLL_TRIES) clearInterval(timer);
      void reload();
    }, CHECKOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [returned, settled, reload, setParams]);

  return returned && !settled;
}

const ADMIN_FEATURES = [
  'Admin panel access',
  'User management',
  'Subscription and billing tools',
  'System health monitoring',
];

/** What a member without a paid plan has: the free limits of the lead workspace. */
const FREE_FEATURES = [
  'Import your LinkedIn export and any CSV',
  `Track ${FREE_LIMITS.profiles_tracked} leads by stage`,
  `Monitor ${FREE_LIMITS.profiles_monitored} lead closely`,
  'Product updates',
];

const ignore = () => undefined;

/**
 * The plan the member is on, what it includes (or that it is suspended for non-payment), and
 * Manage Billing (the customer portal); Update payment method arrives and returns here.
 */
export function SubscriptionTab({
  member,
  onChanged,
  onMember = ignore,
}: {
  member: OwnMemberRecord;
  onChanged?: () => Promise<void>;
  /** A newer record of the member (after paying an unpaid renewal). */
  onMember?: (member: OwnMemberRecord) => void;
}) {
  const [notice, setNotice] = useState<string>();
  const [opening, setOpening] = useState(false);
  const [buying, setBuying] = useState(false);
  const settingUp = useCheckoutReturn(member, onChanged);
  // A plan change moves the next charge (and a founding member's next plan): Billing reads again.
  const [planChanges, setPlanChanges] = useState(0);
  const planChanged = async () => {
    setPlanChanges((count) => count + 1);
    await onChanged?.();
  };
  const payment = usePaymentMethodFlow(member, onMember);
  const suspended = isPlanSuspended(member);
  // A member without a paid plan buys the founding offer here, for their own account.
  const canBuy = !member.is_admin && !member.founding_member && !member.stripe_customer_id;
  const label = accountPlanLabel(member);
  const plan = member.founding_member
    ? PLANS.founding_member
    : member.subscription_plan
      ? getPlan(member.subscription_plan)
      : null;
  const features = member.is_admin ? ADMIN_FEATURES : (plan?.features ?? FREE_FEATURES);

  const manageBilling = async () => {
    setOpening(true);
    setNotice(undefined);
    try {
      const { url } = await memberApi.billingPortal();
      window.location.assign(url);
    } catch (error) {
      const noAccount =
        error instanceof ApiError && (error.code === 'no_billing_account' || error.status === 404);
      setNotice(
        noAccount
          ? MESSAGES.settings.noBillingAccount
          : 'We could not open the billing portal. Please try again.',
      );
      setOpening(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box component="section" aria-label="Your plan">
        <Typography color="text.secondary">Your plan</Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="p">
            {label}
          </Typography>
          {member.payment_issue && (
            <Chip
              color={suspended ? 'error' : 'warning'}
              label={suspended ? 'Suspended for non-payment' : 'Payment due'}
            />
          )}
          {member.founding_member &&
            member.subscription_plan &&
            member.subscription_plan !== 'founding_member' && (
              <Chip
                label={`Now on ${getPlan(member.subscription_plan).name} · ${formatUsd(getPlan(member.subscription_plan).priceCents)}/month`}
              />
            )}
        </Stack>
      </Box>
      {suspended && (
        <Typography color="error.main" sx={{ fontWeight: 600 }}>
          Paused until your payment goes through:
        </Typography>
      )}
      <List
        dense
        aria-label={suspended ? 'Plan features (paused)' : 'Plan features'}
        sx={suspended ? { color: 'text.secondary' } : undefined}
      >
        {features.map((feature) => (
          <ListItem key={feature} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {suspended ? (
                <PauseCircleOutlined color="disabled" fontSize="small" />
              ) : (
                <Check color="success" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText primary={feature} />
          </ListItem>
        ))}
      </List>
      <UsageSection />
      {settingUp && <Alert severity="success">Thank you! Your subscription is being set up.</Alert>}
      {payment.update.opening && (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />}>
          Opening the secure payment page…
        </Alert>
      )}
      {payment.update.error && <Alert severity="error">{payment.update.error}</Alert>}
      {payment.paying && (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />}>
          Charging your new card…
        </Alert>
      )}
      {payment.notice && <Alert severity={payment.notice.severity}>{payment.notice.text}</Alert>}
      {member.stripe_subscription_id && (
        // Read again once an unpaid renewal is paid (its invoice reads Paid), and after a plan change.
        <BillingSection
          key={`${member.payment_issue ? 'owing' : 'settled'}:${planChanges}`}
          onChanged={onChanged}
        />
      )}
      {!member.is_admin && <PlanChooser member={member} onChanged={planChanged} />}
      {notice && <Alert severity="info">{notice}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {canBuy && (
          <Button variant="contained" color="secondary" onClick={() => setBuying(true)}>
            Become a Founding Member
          </Button>
        )}
        <Button variant="outlined" onClick={() => void manageBilling()} disabled={opening}>
          Manage Billing
        </Button>
      </Stack>
      {canBuy && buying && (
        <FoundingDialog
          open
          onClose={() => setBuying(false)}
          initial={{
            firstName: member.first_name,
            lastName: member.last_name,
            email: member.email,
            phone: member.phone ?? '',
          }}
        />
      )}
    </Stack>
  );
}
