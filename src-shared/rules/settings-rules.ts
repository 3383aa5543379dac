// Bounds of the user's settings that main's schema enforces and the settings screens check as the user types:
// written once here so the two can never disagree.

/** The gateway spec recommends polling quota no more than once a minute; a day is the longest useful interval. */
export const MIN_REFRESH_MINUTES = 1;
export const MAX_REFRESH_MINUTES = 1440;

/** The day counts the user sets (keys "expiring soon" within, files with full keys deleted after): 1 to a year. */
export const MIN_SETTING_DAYS = 1;
export const MAX_SETTING_DAYS = 365;

export const isSettingDays = (value: number): boolean =>
  Number.isInteger(value) && value >= MIN_SETTING_DAYS && value <= MAX_SETTING_DAYS;
