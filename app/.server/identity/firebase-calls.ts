// How the Firebase provider (firebase.ts) calls Firebase: firebase-admin for account management and
// token checks, the Identity Toolkit and Secure Token REST APIs for what the admin SDK cannot do.
// Every failure Firebase names becomes an IdentityError from the seam's one table (errors.ts).
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { FirebaseSettings } from '../config';
import { firebaseError } from './errors';
import { IdentityError, type ProviderTokens } from './types';

interface RestError {
  error?: { message?: string };
}

/** What the REST API answers with `returnSecureToken: true`. */
export interface TokenAnswer {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

export const tokensOf = (answer: TokenAnswer): ProviderTokens => ({
  idToken: answer.idToken,
  refreshToken: answer.refreshToken,
  expiresAt: new Date(Date.now() + Number(answer.expiresIn) * 1000),
});

/** The code firebase-admin put on an error (`auth/user-not-found` ...), if it is one of its. */
function adminCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/** Runs an admin call, turning Firebase's errors into IdentityErrors from the seam's one table. */
export async function admin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = adminCode(error);
    if (code) throw firebaseError(code, (error as Error).message);
    throw error;
  }
}

/** Whether `error` is the seam's `code`. */
export const isIdentityError = (error: unknown, code: IdentityError['code']) =>
  error instanceof IdentityError && error.code === code;

/** The REST APIs, at Google or (with `emulatorHost`) at the Auth emulator; each call ends after `timeoutMs`. */
export function firebaseRest(
  settings: Pick<FirebaseSettings, 'apiKey' | 'emulatorHost'>,
  timeoutMs = 15_000,
) {
  const base = (api: string) =>
    settings.emulatorHost ? `http://${settings.emulatorHost}/${api}/v1` : `https://${api}/v1`;
  const url = (api: string, method: string) =>
    `${base(api)}/${method}?key=${encodeURIComponent(settings.apiKey)}`;
  const answer = async <T>(response: Response) =>
    (await response.json().catch(() => ({}))) as Partial<T> & RestError;
  const failure = (json: RestError, response: Response) => json.error?.message ?? `HTTP ${response.status}`;

  return {
    /** One Identity Toolkit call; its error message (e.g. 'EMAIL_NOT_FOUND') becomes an IdentityError. */
    async call<T>(method: string, body: Record<string, unknown>): Promise<T> {
      const response = await fetch(url('identitytoolkit.googleapis.com', method), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const json = await answer<T>(response);
      if (!response.ok) {
        const message = failure(json, response);
        throw firebaseError(message, `${method}: ${message}`);
      }
      return json as T;
    },

    /** Fresh tokens for a refresh token: a refusal is 'user-disabled' (the session ends), a server error an Error. */
    async refresh(refreshToken: string): Promise<ProviderTokens> {
      const response = await fetch(url('securetoken.googleapis.com', 'token'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const json = await answer<{ id_token: string; refresh_token: string; expires_in: string }>(response);
      if (!response.ok || !json.id_token || !json.refresh_token) {
        const message = failure(json, response);
        // Any refusal ends the session; only a server error is worth trying again.
        if (response.status >= 500) throw new Error(`securetoken: ${message}`);
        throw new IdentityError('user-disabled', `securetoken: ${message}`);
      }
      return {
        idToken: json.id_token,
        refreshToken: json.refresh_token,
        expiresAt: new Date(Date.now() + Number(json.expires_in ?? 3600) * 1000),
      };
    },
  };
}

type FirebaseRest = ReturnType<typeof firebaseRest>;

/** What each group of the provider calls Firebase with. */
export interface FirebaseCalls {
  auth: Auth;
  rest: FirebaseRest;
}

/** A firebase-admin app of its own (so tests and a restart can make another), and the calls. */
export async function connectFirebase(settings: FirebaseSettings) {
  // Loaded only here, so a site on the local provider never loads the Firebase SDK.
  const { cert, deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app: App = initializeApp(
    {
      projectId: settings.projectId,
      ...(settings.serviceAccount
        ? {
            credential: cert({
              projectId: settings.serviceAccount.project_id,
              clientEmail: settings.serviceAccount.client_email,
              privateKey: settings.serviceAccount.private_key,
            }),
          }
        : {}),
    },
    `makerspace-${Date.now()}`,
  );
  const calls: FirebaseCalls = { auth: getAuth(app), rest: firebaseRest(settings) };
  return { calls, close: () => deleteApp(app) };
}
