/**
 * The time zone options of the profile's notification settings and of the date filters (docs/product/platform.md#time-zones "Timezone
 * option": label, offset, default, value; 124 entries, the default Pacific Time (US & Canada); 002: "Pacific
 * (GMT-8, offset -08:00, option value 6)"). The classic Windows-style list, ordered by standard offset; `zone`
 * is the IANA zone each option stands for (what notificationPreference.usedTimezone stores). Labels are
 * reference data shown as written, like the zone names themselves. Pure TypeScript: see docs/development.md.
 */
export interface TimezoneOption {
  /** Option value, 1-based; stored as text in notificationPreference.displayTimezone. */
  value: number;
  label: string;
  /** Standard UTC offset as ±hh:mm. */
  offset: string;
  default: boolean;
  /** IANA zone name. */
  zone: string;
}

type Row = readonly [value: number, offset: string, label: string, zone: string];

/** The option every list starts on (docs/product/platform.md#time-zones). */
export const DEFAULT_TIMEZONE_VALUE = 6;

const ROWS: readonly Row[] = [
  [1, '-12:00', '(UTC-12:00) International Date Line West', 'Etc/GMT+12'],
  [2, '-11:00', '(UTC-11:00) Coordinated Universal Time-11', 'Etc/GMT+11'],
  [3, '-10:00', '(UTC-10:00) Hawaii', 'Pacific/Honolulu'],
  [4, '-09:00', '(UTC-09:00) Alaska', 'America/Anchorage'],
  [5, '-08:00', '(UTC-08:00) Baja California', 'America/Tijuana'],
  [6, '-08:00', '(UTC-08:00) Pacific Time (US & Canada)', 'America/Los_Angeles'],
  [7, '-07:00', '(UTC-07:00) Arizona', 'America/Phoenix'],
  [8, '-07:00', '(UTC-07:00) Chihuahua, La Paz, Mazatlan', 'America/Mazatlan'],
  [9, '-07:00', '(UTC-07:00) Mountain Time (US & Canada)', 'America/Denver'],
  [10, '-06:00', '(UTC-06:00) Central America', 'America/Guatemala'],
  [11, '-06:00', '(UTC-06:00) Central Time (US & Canada)', 'America/Chicago'],
  [12, '-06:00', '(UTC-06:00) Guadalajara, Mexico City, Monterrey', 'America/Mexico_City'],
  [13, '-06:00', '(UTC-06:00) Saskatchewan', 'America/Regina'],
  [14, '-05:00', '(UTC-05:00) Bogota, Lima, Quito, Rio Branco', 'America/Bogota'],
  [15, '-05:00', '(UTC-05:00) Chetumal', 'America/Cancun'],
  [16, '-05:00', '(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
  [17, '-05:00', '(UTC-05:00) Haiti', 'America/Port-au-Prince'],
  [18, '-05:00', '(UTC-05:00) Havana', 'America/Havana'],
  [19, '-05:00', '(UTC-05:00) Indiana (East)', 'America/Indiana/Indianapolis'],
  [20, '-05:00', '(UTC-05:00) Turks and Caicos', 'America/Grand_Turk'],
  [21, '-04:00', '(UTC-04:00) Asuncion', 'America/Asuncion'],
  [22, '-04:00', '(UTC-04:00) Atlantic Time (Canada)', 'America/Halifax'],
  [23, '-04:00', '(UTC-04:00) Caracas', 'America/Caracas'],
  [24, '-04:00', '(UTC-04:00) Cuiaba', 'America/Cuiaba'],
  [25, '-04:00', '(UTC-04:00) Georgetown, La Paz, Manaus, San Juan', 'America/La_Paz'],
  [26, '-04:00', '(UTC-04:00) Santiago', 'America/Santiago'],
  [27, '-03:30', '(UTC-03:30) Newfoundland', 'America/St_Johns'],
  [28, '-03:00', '(UTC-03:00) Araguaina', 'America/Araguaina'],
  [29, '-03:00', '(UTC-03:00) Brasilia', 'America/Sao_Paulo'],
  [30, '-03:00', '(UTC-03:00) Cayenne, Fortaleza', 'America/Cayenne'],
  [31, '-03:00', '(UTC-03:00) City of Buenos Aires', 'America/Argentina/Buenos_Aires'],
  [32, '-03:00', '(UTC-03:00) Greenland', 'America/Nuuk'],
  [33, '-03:00', '(UTC-03:00) Montevideo', 'America/Montevideo'],
  [34, '-03:00', '(UTC-03:00) Saint Pierre and Miquelon', 'America/Miquelon'],
  [35, '-03:00', '(UTC-03:00) Salvador', 'America/Bahia'],
  [36, '-02:00', '(UTC-02:00) Coordinated Universal Time-02', 'Etc/GMT+2'],
  [37, '-01:00', '(UTC-01:00) Azores', 'Atlantic/Azores'],
  [38, '-01:00', '(UTC-01:00) Cabo Verde Is.', 'Atlantic/Cape_Verde'],
  [39, '+00:00', '(UTC) Coordinated Universal Time', 'Etc/UTC'],
  [40, '+00:00', '(UTC+00:00) Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
  [41, '+00:00', '(UTC+00:00) Monrovia, Reykjavik', 'Atlantic/Reykjavik'],
  [42, '+01:00', '(UTC+01:00) Casablanca', 'Africa/Casablanca'],
  [43, '+01:00', '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 'Europe/Berlin'],
  [44, '+01:00', '(UTC+01:00) Belgrade, Bratislava, Budapest, Ljubljana, Prague', 'Europe/Budapest'],
  [45, '+01:00', '(UTC+01:00) Brussels, Copenhagen, Madrid, Paris', 'Europe/Paris'],
  [46, '+01:00', '(UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb', 'Europe/Warsaw'],
  [47, '+01:00', '(UTC+01:00) West Central Africa', 'Africa/Lagos'],
  [48, '+02:00', '(UTC+02:00) Athens, Bucharest', 'Europe/Bucharest'],
  [49, '+02:00', '(UTC+02:00) Beirut', 'Asia/Beirut'],
  [50, '+02:00', '(UTC+02:00) Cairo', 'Africa/Cairo'],
  [51, '+02:00', '(UTC+02:00) Chisinau', 'Europe/Chisinau'],
  [52, '+02:00', '(UTC+02:00) Gaza, Hebron', 'Asia/Hebron'],
  [53, '+02:00', '(UTC+02:00) Harare, Pretoria', 'Africa/Johannesburg'],
  [54, '+02:00', '(UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius', 'Europe/Helsinki'],
  [55, '+02:00', '(UTC+02:00) Jerusalem', 'Asia/Jerusalem'],
  [56, '+02:00', '(UTC+02:00) Juba', 'Africa/Juba'],
  [57, '+02:00', '(UTC+02:00) Kaliningrad', 'Europe/Kaliningrad'],
  [58, '+02:00', '(UTC+02:00) Khartoum', 'Africa/Khartoum'],
  [59, '+02:00', '(UTC+02:00) Tripoli', 'Africa/Tripoli'],
  [60, '+02:00', '(UTC+02:00) Windhoek', 'Africa/Windhoek'],
  [61, '+03:00', '(UTC+03:00) Amman', 'Asia/Amman'],
  [62, '+03:00', '(UTC+03:00) Baghdad', 'Asia/Baghdad'],
  [63, '+03:00', '(UTC+03:00) Damascus', 'Asia/Damascus'],
  [64, '+03:00', '(UTC+03:00) Istanbul', 'Europe/Istanbul'],
  [65, '+03:00', '(UTC+03:00) Kuwait, Riyadh', 'Asia/Riyadh'],
  [66, '+03:00', '(UTC+03:00) Minsk', 'Europe/Minsk'],
  [67, '+03:00', '(UTC+03:00) Moscow, St. Petersburg', 'Europe/Moscow'],
  [68, '+03:00', '(UTC+03:00) Nairobi', 'Africa/Nairobi'],
  [69, '+03:00', '(UTC+03:00) Volgograd', 'Europe/Volgograd'],
  [70, '+03:30', '(UTC+03:30) Tehran', 'Asia/Tehran'],
  [71, '+04:00', '(UTC+04:00) Abu Dhabi, Muscat', 'Asia/Dubai'],
  [72, '+04:00', '(UTC+04:00) Astrakhan, Ulyanovsk', 'Europe/Astrakhan'],
  [73, '+04:00', '(UTC+04:00) Baku', 'Asia/Baku'],
  [74, '+04:00', '(UTC+04:00) Izhevsk, Samara', 'Europe/Samara'],
  [75, '+04:00', '(UTC+04:00) Port Louis', 'Indian/Mauritius'],
  [76, '+04:00', '(UTC+04:00) Tbilisi', 'Asia/Tbilisi'],
  [77, '+04:00', '(UTC+04:00) Yerevan', 'Asia/Yerevan'],
  [78, '+04:30', '(UTC+04:30) Kabul', 'Asia/Kabul'],
  [79, '+05:00', '(UTC+05:00) Ashgabat, Tashkent', 'Asia/Tashkent'],
  [80, '+05:00', '(UTC+05:00) Ekaterinburg', 'Asia/Yekaterinburg'],
  [81, '+05:00', '(UTC+05:00) Islamabad, Karachi', 'Asia/Karachi'],
  [82, '+05:30', '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata'],
  [83, '+05:30', '(UTC+05:30) Sri Jayawardenepura', 'Asia/Colombo'],
  [84, '+05:45', '(UTC+05:45) Kathmandu', 'Asia/Kathmandu'],
  [85, '+06:00', '(UTC+06:00) Dhaka', 'Asia/Dhaka'],
  [86, '+06:00', '(UTC+06:00) Omsk', 'Asia/Omsk'],
  [87, '+06:30', '(UTC+06:30) Yangon (Rangoon)', 'Asia/Yangon'],
  [88, '+07:00', '(UTC+07:00) Bangkok, Hanoi, Jakarta', 'Asia/Bangkok'],
  [89, '+07:00', '(UTC+07:00) Hovd', 'Asia/Hovd'],
  [90, '+07:00', '(UTC+07:00) Krasnoyarsk', 'Asia/Krasnoyarsk'],
  [91, '+07:00', '(UTC+07:00) Novosibirsk', 'Asia/Novosibirsk'],
  [92, '+08:00', '(UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi', 'Asia/Shanghai'],
  [93, '+08:00', '(UTC+08:00) Irkutsk', 'Asia/Irkutsk'],
  [94, '+08:00', '(UTC+08:00) Kuala Lumpur, Singapore', 'Asia/Singapore'],
  [95, '+08:00', '(UTC+08:00) Perth', 'Australia/Perth'],
  [96, '+08:00', '(UTC+08:00) Taipei', 'Asia/Taipei'],
  [97, '+08:00', '(UTC+08:00) Ulaanbaatar', 'Asia/Ulaanbaatar'],
  [98, '+09:00', '(UTC+09:00) Osaka, Sapporo, Tokyo', 'Asia/Tokyo'],
  [99, '+09:00', '(UTC+09:00) Pyongyang', 'Asia/Pyongyang'],
  [100, '+09:00', '(UTC+09:00) Seoul', 'Asia/Seoul'],
  [101, '+09:00', '(UTC+09:00) Yakutsk', 'Asia/Yakutsk'],
  [102, '+09:30', '(UTC+09:30) Adelaide', 'Australia/Adelaide'],
  [103, '+09:30', '(UTC+09:30) Darwin', 'Australia/Darwin'],
  [104, '+10:00', '(UTC+10:00) Brisbane', 'Australia/Brisbane'],
  [105, '+10:00', '(UTC+10:00) Canberra, Melbourne, Sydney', 'Australia/Sydney'],
  [106, '+10:00', '(UTC+10:00) Guam, Port Moresby', 'Pacific/Port_Moresby'],
  [107, '+10:00', '(UTC+10:00) Hobart', 'Australia/Hobart'],
  [108, '+10:00', '(UTC+10:00) Vladivostok', 'Asia/Vladivostok'],
  [109, '+10:30', '(UTC+10:30) Lord Howe Island', 'Australia/Lord_Howe'],
  [110, '+11:00', '(UTC+11:00) Bougainville Island', 'Pacific/Bougainville'],
  [111, '+11:00', '(UTC+11:00) Chokurdakh', 'Asia/Srednekolymsk'],
  [112, '+11:00', '(UTC+11:00) Magadan', 'Asia/Magadan'],
  [113, '+11:00', '(UTC+11:00) Norfolk Island', 'Pacific/Norfolk'],
  [114, '+11:00', '(UTC+11:00) Sakhalin', 'Asia/Sakhalin'],
  [115, '+11:00', '(UTC+11:00) Solomon Is., New Caledonia', 'Pacific/Guadalcanal'],
  [116, '+12:00', '(UTC+12:00) Anadyr, Petropavlovsk-Kamchatsky', 'Asia/Kamchatka'],
  [117, '+12:00', '(UTC+12:00) Auckland, Wellington', 'Pacific/Auckland'],
  [118, '+12:00', '(UTC+12:00) Coordinated Universal Time+12', 'Etc/GMT-12'],
  [119, '+12:00', '(UTC+12:00) Fiji', 'Pacific/Fiji'],
  [120, '+12:45', '(UTC+12:45) Chatham Islands', 'Pacific/Chatham'],
  [121, '+13:00', '(UTC+13:00) Coordinated Universal Time+13', 'Etc/GMT-13'],
  [122, '+13:00', "(UTC+13:00) Nuku'alofa", 'Pacific/Tongatapu'],
  [123, '+13:00', '(UTC+13:00) Samoa', 'Pacific/Apia'],
  [124, '+14:00', '(UTC+14:00) Kiritimati Island', 'Pacific/Kiritimati'],
];

export const TIMEZONE_OPTIONS: readonly TimezoneOption[] = ROWS.map(([value, offset, label, zone]) => ({
  value,
  label,
  offset,
  default: value === DEFAULT_TIMEZONE_VALUE,
  zone,
}));

export const DEFAULT_TIMEZONE_OPTION: TimezoneOption = TIMEZONE_OPTIONS.find((option) => option.default)!;

/** The option a stored displayTimezone names ("6"), or undefined for anything else. */
export function timezoneOption(displayTimezone: string | number | null | undefined): TimezoneOption | undefined {
  if (displayTimezone === null || displayTimezone === undefined) return undefined;
  const text = String(displayTimezone).trim();
  if (!/^\d+$/.test(text)) return undefined;
  return TIMEZONE_OPTIONS.find((option) => option.value === Number(text));
}
