/**
 * A fan's alert settings as the islands use them: which news of her 推し
 * she wants (users/{uid}.alerts; all on when absent) and whether a push
 * goes with the bell (users/{uid}.pushAlerts; off when absent). Pure.
 */

export interface AlertSettings {
  alerts: { handle: boolean; blog: boolean; post: boolean; schedule: boolean };
  pushAlerts: boolean;
}

export type AlertKind = keyof AlertSettings['alerts'];

/** Every kind, in the order /announcements lists them, with its Japanese label. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  handle: '新しいアカウント・移転',
  blog: '写メ日記',
  post: 'タイムラインの投稿',
  schedule: '今日・明日の出勤',
};

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  alerts: { handle: true, blog: true, post: true, schedule: true },
  pushAlerts: false,
};

/** The settings stored in a users doc's data (anything missing or malformed takes its default). */
export function alertSettingsOf(data: Record<string, unknown> | undefined): AlertSettings {
  const stored = (data?.alerts ?? {}) as Record<string, unknown>;
  const flag = (kind: AlertKind) => (typeof stored[kind] === 'boolean' ? (stored[kind] as boolean) : DEFAULT_ALERT_SETTINGS.alerts[kind]);
  return {
    alerts: { handle: flag('handle'), blog: flag('blog'), post: flag('post'), schedule: flag('schedule') },
    pushAlerts: typeof data?.pushAlerts === 'boolean' ? data.pushAlerts : DEFAULT_ALERT_SETTINGS.pushAlerts,
  };
}
