// The upload progress bar (upload-progress.tsx) is needed only once a file is chosen, so it loads
// then, not with the page: form pages stay under their JavaScript budget (docs/performance.md).
import { lazy, Suspense, useState, type FormEvent } from 'react';

const UploadProgress = lazy(() =>
  import('./upload-progress').then((module) => ({ default: module.UploadProgress })),
);

/** `formProps` for the <form>, and the `bar` to render in it once a file has been chosen. */
export function useUploadProgress() {
  const [chosen, setChosen] = useState(false);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.type === 'file' && input.files?.length) setChosen(true);
  };
  return {
    formProps: { onChange },
    bar: chosen ? (
      <Suspense fallback={null}>
        <UploadProgress />
      </Suspense>
    ) : null,
  };
}
