// Steps shared by the browser tests.

/**
 * The link of an invitation or sign-in email (`${PUBLIC_BASE_URL}/app/sign-in#token=...`) on the
 * test server's origin: emails point at PUBLIC_BASE_URL, which the test server does not listen on.
 */
export function appSignInUrl(text: string, appUrl: string): string {
  const link = /https?:\/\/[^/\s]+(\/app\/sign-in#token=[A-Za-z0-9_-]+)/.exec(text);
  if (!link) throw new Error(`no sign-in link in the email:\n${text}`);
  return appUrl + link[1];
}
