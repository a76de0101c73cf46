import { z } from 'zod';
import { storable } from './common.ts';
import { ZSignalType } from './signals.ts';

export const DEFAULT_ALERT_THRESHOLD = 0.7;
export const DEFAULT_NOTIFICATION_PREFERENCES = { email: true, slack: false, in_app: true } as const;

export const ZNotificationPreferences = z.object({
  email: z.boolean(),
  slack: z.boolean(),
  in_app: z.boolean(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZAddWatchlistRequest = z.object({
  company_id: z.uuid(),
  /** 0–1: how strong a signal must be to alert. */
  alert_threshold: storable(
    z.number().min(0, { message: 'must be between 0 and 1' }).max(1, { message: 'must be between 0 and 1' }),
  ).default(DEFAULT_ALERT_THRESHOLD),
  /** Absent: every signal type. */
  signal_types: z
    .array(ZSignalType)
    .refine((list) => new Set(list).size === list.length, {
      message: 'each signal type may appear only once',
    })
    .optional(),
  /** Missing channels take their defaults (email and in-app on, Slack off). */
  notification_preferences: ZNotificationPreferences.partial().optional(),
});
export type TAddWatchlistRequest = z.infer<typeof ZAddWatchlistRequest>;

export const ZWatchlistEntry = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  company_name: z.string(),
  alert_threshold: z.number(),
  signal_types: z.array(ZSignalType),
  notification_preferences: ZNotificationPreferences,
  created_at: z.string(),
});
export type TWatchlistEntry = z.infer<typeof ZWatchlistEntry>;

export const ZWatchlistResponse = z.object({
  watchlist: z.array(ZWatchlistEntry),
  total: z.number().int(),
});
export type TWatchlistResponse = z.infer<typeof ZWatchlistResponse>;

/** PATCH /signals/watchlist/{id}: any subset of the alert settings of an entry. */
export const ZUpdateWatchlistRequest = z
  .object({
    alert_threshold: storable(
      z
        .number()
        .min(0, { message: 'must be between 0 and 1' })
        .max(1, { message: 'must be between 0 and 1' }),
    ),
    signal_types: z.array(ZSignalType).refine((list) => new Set(list).size === list.length, {
      message: 'each signal type may appear only once',
    }),
    notification_preferences: ZNotificationPreferences.partial(),
  })
  .partial();
export type TUpdateWatchlistRequest = z.infer<typeof ZUpdateWatchlistRequest>;
