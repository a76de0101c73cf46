import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { dashboardStatsQuery } from '../api/dashboard-api.ts';
import { STAT_CARDS, statOf } from '../lib/stat-cards.ts';
import { StatCard } from './stat-card.tsx';

/** The four stat cards; on a failed load spec 01 §8's message and every figure at zero, change 0%. */
export function DashboardStats() {
  const stats = useQuery(dashboardStatsQuery());
  useEffect(() => {
    if (stats.error) console.error('Failed to load dashboard data', stats.error);
  }, [stats.error]);

  return (
    <div className="space-y-3">
      {stats.isError && <Alert>Failed to load dashboard data</Alert>}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STAT_CARDS.map((card) => (
          <StatCard
            key={card.key}
            card={card}
            stat={statOf(stats.data, card.key)}
            loading={stats.isPending}
          />
        ))}
      </div>
    </div>
  );
}
