// Upload progress for forms that send files (docs/performance.md). Remix sends a submission with
// fetch, which cannot report how much of a request body has gone; XMLHttpRequest can. So, once a
// form with files is on the page, window.fetch is wrapped: a POST whose FormData carries a chosen
// file goes by XMLHttpRequest, reporting progress, and comes back as an ordinary Response that
// Remix reads as usual; every other request is fetch's. Without JavaScript the browser shows its
// own progress. Nothing changes on the server.
import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useSyncExternalStore } from 'react';

interface Progress {
  loaded: number;
  total: number;
}

let current: Progress | null = null;
const listeners = new Set<() => void>();
function report(progress: Progress | null) {
  current = progress;
  for (const listener of listeners) listener();
}

const carriesFile = (body: unknown): body is FormData =>
  body instanceof FormData && [...body.values()].some((value) => value instanceof File && value.size > 0);

function sendWithProgress(url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'arraybuffer';
    xhr.upload.onprogress = (event) => report({ loaded: event.loaded, total: event.total });
    xhr.onload = () => {
      report(null);
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const empty = [101, 204, 205, 304].includes(xhr.status);
      resolve(
        new Response(empty ? null : xhr.response, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers,
        }),
      );
    };
    xhr.onerror = () => {
      report(null);
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      report(null);
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (init.signal?.aborted) return xhr.onabort(new ProgressEvent('abort'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as FormData);
  });
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  const fetchOriginal = window.fetch.bind(window);
  window.fetch = (input, init) =>
    init?.method?.toUpperCase() === 'POST' && carriesFile(init.body)
      ? sendWithProgress(input instanceof Request ? input.url : String(input), init)
      : fetchOriginal(input, init);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While a form's files are being sent: a progress bar with the percent, and a way to stop. */
export function UploadProgress() {
  useEffect(install, []);
  const progress = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const navigate = useNavigate();
  const location = useLocation();
  if (!progress) return null;
  const percent = progress.total ? Math.floor((100 * progress.loaded) / progress.total) : 0;
  // Navigating to this same page interrupts the submission: Remix aborts it, which aborts the upload.
  const cancel = () =>
    navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span aria-hidden="true">Uploading {percent}%</span>
      <button type="button" className="link-button" onClick={cancel}>
        Cancel upload
      </button>
    </div>
  );
}
