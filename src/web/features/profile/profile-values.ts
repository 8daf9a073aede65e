import type { UserInfo } from '../../api/generated/user-service';
import { NOTIFICATION_TIMES, type NotificationPreference, type NotificationTime } from '../../../shared/profile-rules';
import { DEFAULT_TIMEZONE_VALUE, timezoneOption } from '../../../shared/timezone-options';

/** The User Profile form (docs/product/profile.md#fields). */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  /** Read-only: shown, never sent. */
  email: string;
  phoneNumber: string;
  /** E-mail alerts on (resultAlert PERIODIC) or off. */
  alerts: boolean;
  time: string[];
  /** Timezone option value as text. */
  displayTimezone: string;
  pendingResults: boolean;
  userImage: File | undefined;
}

export function profileValues(user: UserInfo): ProfileValues {
  const preference = user.notificationPreference;
  const alerts = preference.resultAlert === 'PERIODIC';
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    alerts,
    time: [...preference.time],
    // A user who never chose one starts on the default option (Pacific Time, docs/product/platform.md#time-zones).
    displayTimezone: timezoneOption(preference.displayTimezone)
      ? preference.displayTimezone!
      : String(DEFAULT_TIMEZONE_VALUE),
    pendingResults: alerts && preference.pendingResultsNotification === 'ON',
    userImage: undefined,
  };
}

/** What the form sends as notificationPreference; alerts off force the pending-results notification off (docs/product/profile.md#notification-settings). */
export function toNotificationPreference(values: ProfileValues): NotificationPreference {
  return {
    resultAlert: values.alerts ? 'PERIODIC' : 'OFF',
    time: values.alerts ? NOTIFICATION_TIMES.filter((time: NotificationTime) => values.time.includes(time)) : [],
    displayTimezone: values.displayTimezone || null,
    usedTimezone: timezoneOption(values.displayTimezone)?.zone ?? null,
    pendingResultsNotification: values.alerts && values.pendingResults ? 'ON' : 'OFF',
  };
}
