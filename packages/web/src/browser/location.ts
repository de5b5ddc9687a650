/** Languages and timezones for the `location` option: the country's main language and capital's zone. */
const COUNTRIES: Record<string, [string, string]> = {
  US: ['en-US', 'America/New_York'],
  GB: ['en-GB', 'Europe/London'],
  UK: ['en-GB', 'Europe/London'],
  CA: ['en-CA', 'America/Toronto'],
  AU: ['en-AU', 'Australia/Sydney'],
  NZ: ['en-NZ', 'Pacific/Auckland'],
  IE: ['en-IE', 'Europe/Dublin'],
  IN: ['en-IN', 'Asia/Kolkata'],
  DE: ['de-DE', 'Europe/Berlin'],
  AT: ['de-AT', 'Europe/Vienna'],
  CH: ['de-CH', 'Europe/Zurich'],
  FR: ['fr-FR', 'Europe/Paris'],
  BE: ['fr-BE', 'Europe/Brussels'],
  NL: ['nl-NL', 'Europe/Amsterdam'],
  ES: ['es-ES', 'Europe/Madrid'],
  MX: ['es-MX', 'America/Mexico_City'],
  AR: ['es-AR', 'America/Argentina/Buenos_Aires'],
  CO: ['es-CO', 'America/Bogota'],
  CL: ['es-CL', 'America/Santiago'],
  IT: ['it-IT', 'Europe/Rome'],
  PT: ['pt-PT', 'Europe/Lisbon'],
  BR: ['pt-BR', 'America/Sao_Paulo'],
  PL: ['pl-PL', 'Europe/Warsaw'],
  CZ: ['cs-CZ', 'Europe/Prague'],
  SE: ['sv-SE', 'Europe/Stockholm'],
  NO: ['nb-NO', 'Europe/Oslo'],
  DK: ['da-DK', 'Europe/Copenhagen'],
  FI: ['fi-FI', 'Europe/Helsinki'],
  GR: ['el-GR', 'Europe/Athens'],
  TR: ['tr-TR', 'Europe/Istanbul'],
  RU: ['ru-RU', 'Europe/Moscow'],
  UA: ['uk-UA', 'Europe/Kyiv'],
  IL: ['he-IL', 'Asia/Jerusalem'],
  AE: ['ar-AE', 'Asia/Dubai'],
  SA: ['ar-SA', 'Asia/Riyadh'],
  EG: ['ar-EG', 'Africa/Cairo'],
  ZA: ['en-ZA', 'Africa/Johannesburg'],
  NG: ['en-NG', 'Africa/Lagos'],
  KE: ['en-KE', 'Africa/Nairobi'],
  JP: ['ja-JP', 'Asia/Tokyo'],
  KR: ['ko-KR', 'Asia/Seoul'],
  CN: ['zh-CN', 'Asia/Shanghai'],
  TW: ['zh-TW', 'Asia/Taipei'],
  HK: ['zh-HK', 'Asia/Hong_Kong'],
  SG: ['en-SG', 'Asia/Singapore'],
  ID: ['id-ID', 'Asia/Jakarta'],
  TH: ['th-TH', 'Asia/Bangkok'],
  VN: ['vi-VN', 'Asia/Ho_Chi_Minh'],
  PH: ['en-PH', 'Asia/Manila'],
  MY: ['ms-MY', 'Asia/Kuala_Lumpur'],
};

export interface LocaleSettings {
  locale: string;
  timezoneId: string;
  acceptLanguage: string;
}

/** `location` → Accept-Language (languages in priority order, q-weighted), locale and timezone. */
export function localeFor(location: { country: string; languages?: string[] } | undefined): LocaleSettings {
  const [defLocale, timezoneId] = COUNTRIES[location?.country ?? 'US'] ?? [`en-${location?.country}`, 'UTC'];
  const langs = location?.languages?.length ? location.languages : [defLocale];
  const expanded: string[] = [];
  for (const l of langs) {
    if (!expanded.includes(l)) expanded.push(l);
    const base = l.split('-')[0];
    if (!expanded.includes(base)) expanded.push(base);
  }
  const acceptLanguage = expanded
    .map((l, i) => (i === 0 ? l : `${l};q=${Math.max(0.1, 1 - i * 0.1).toFixed(1)}`))
    .join(',');
  return { locale: langs[0], timezoneId, acceptLanguage };
}
