import type { TMonitoringSubscription } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  dailyBriefKeys,
  dailyBriefSubscriptionQuery,
  startDailyBrief,
  stopDailyBrief,
} from '../api/daily-brief-api.ts';

/** The element id the brief email's unsubscribe link points at (/profile#daily-brief). */
const DAILY_BRIEF_CARD_ID = 'daily-brief';

/** "07:00 UTC" for a daily cron line such as '0 7 * * *'; null for any other schedule. */
export function dailySendTime(schedule: string): string | null {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(schedule);
  if (!daily) return null;
  return `${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')} UTC`;
}

/** What a subscription covers, in words: the whole portfolio, or its companies and sectors. */
export function coverageSentence(
  subscription: Pick<TMonitoringSubscription, 'portfolio_companies' | 'sectors'>,
) {
  const parts = [
    subscription.portfolio_companies.length > 0 && `companies ${subscription.portfolio_companies.join(', ')}`,
    subscription.sectors.length > 0 && `sectors ${subscription.sectors.join(', ')}`,
  ].filter(Boolean);
  return parts.length === 0 ? 'the whole portfolio' : parts.join('; ');
}

/** Your Profile: start or stop the daily brief email; the email's unsubscribe link lands here. */
export function DailyBriefCard() {
  const subscription = useQuery(dailyBriefSubscriptionQuery());
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (start: boolean) => (start ? startDailyBrief() : stopDailyBrief()),
    onSuccess: (answer) => queryClient.setQueryData(dailyBriefKeys.subscription, answer),
  });
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${DAILY_BRIEF_CARD_ID}`) document.getElementById(DAILY_BRIEF_CARD_ID)?.scrollIntoView();
  }, [hash]);

  const current = subscription.data;
  const scheduled = current?.status === 'scheduled';
  const when = current
    ? (dailySendTime(current.schedule) ?? `on the schedule ${current.schedule} (UTC)`)
    : null;
  return (
    <Card id={DAILY_BRIEF_CARD_ID} className="scroll-mt-6">
      <CardHeader
        title="Daily brief"
        description="An email each morning with what changed in the last 24 hours: new red flags, stage and score changes, new documents, market signals and funding rounds. A morning with nothing new sends nothing."
        actions={
          current && <Badge tone={scheduled ? 'success' : 'neutral'}>{scheduled ? 'On' : 'Off'}</Badge>
        }
      />
      <CardBody className="space-y-4">
        {subscription.isPending && <Spinner label="Loading the daily brief" />}
        {subscription.isError && (
          <Alert>{errorMessage(subscription.error, 'Could not load your daily brief')}</Alert>
        )}
        {change.isError && <Alert>{errorMessage(change.error, 'Could not change your daily brief')}</Alert>}
        {current && (
          <>
            <p className="text-sm text-slate-700">
              {scheduled ? (
                <>
                  Sent to <strong className="font-medium text-slate-900">{current.email}</strong> at {when},
                  covering {coverageSentence(current)}.
                </>
              ) : (
                <>
                  Not sent to you. Start it to receive it at {when} at{' '}
                  <strong className="font-medium text-slate-900">{current.email}</strong>, covering the whole
                  portfolio.
                </>
              )}
            </p>
            <Button
              variant={scheduled ? 'secondary' : 'primary'}
              busy={change.isPending}
              onClick={() => change.mutate(!scheduled)}
            >
              {scheduled ? 'Stop daily brief' : 'Start daily brief'}
            </Button>
          </>
        )}
      </CardBody>
    </Card>
  );
}
