// Steps shared by the browser tests.

/**
 * The web app's sign-in address for the link in an invitation or sign-in email, on the test
 * server's origin (emails point at PUBLIC_BASE_URL, which the test server does not listen on).
 * Emails carry `${PUBLIC_BASE_URL}/app/sign-in#token=...`; until that change to the email text
 * lands (issue 12), they carry the API's GET link, whose token the app's page redeems the same way.
 */
export function appSignInUrl(text: string, appUrl: string): string {
  const appLink = /https?:\/\/[^/\s]+(\/app\/sign-in#token=[A-Za-z0-9_-]+)/.exec(text);
  if (appLink) return appUrl + appLink[1];
  const apiLink = /\/validator\/v1\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!apiLink) throw new Error(`no sign-in link in the email:\n${text}`);
  return `${appUrl}/app/sign-in#token=${apiLink[1]}`;
}
