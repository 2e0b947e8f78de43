/** The calendar adapters the configuration asks for (main.ts); a provider without credentials is off. */
import { GoogleCalendarAdapter } from '../../adapters/calendars/google';
import { JobberAdapter } from '../../adapters/calendars/jobber';
import { SecretBox } from '../../adapters/calendars/secret-box';
import type { Config } from '../../config';
import type { CalendarSyncConfig } from '../../deps';

/** Where Google and Jobber send the vendor back after consent (the web app finishes the connection). */
export const oauthRedirectUri = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}/dashboard/scheduling`;

export function calendarSyncFromConfig(config: Config, key: Buffer): CalendarSyncConfig {
  const redirectUri = oauthRedirectUri(config.publicUrl);
  return {
    secretBox: new SecretBox(key),
    ics: { allowPrivateAddresses: config.CALENDAR_ALLOW_PRIVATE_URLS },
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? new GoogleCalendarAdapter({
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            redirectUri,
            authorizeUrl: config.GOOGLE_OAUTH_AUTHORIZE_URL,
            tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
            apiBaseUrl: config.GOOGLE_API_BASE_URL,
          })
        : null,
    jobber:
      config.JOBBER_CLIENT_ID && config.JOBBER_CLIENT_SECRET
        ? new JobberAdapter({
            clientId: config.JOBBER_CLIENT_ID,
            clientSecret: config.JOBBER_CLIENT_SECRET,
            redirectUri,
            baseUrl: config.JOBBER_BASE_URL,
            graphqlVersion: config.JOBBER_GRAPHQL_VERSION,
          })
        : null,
  };
}
