import type { LOOP_VIDEOS } from '~/lib/loop-videos';

/** A landing-page clip, framed lazily: nothing of it loads until it nears the screen. */
export function LoopVideo({ name, label }: Pick<(typeof LOOP_VIDEOS)[number], 'name' | 'label'>) {
  return (
    <div className="video-frame">
      <iframe
        className="loop-video"
        src={`/loops/${name}`}
        title={label}
        loading="lazy"
        width="640"
        height="360"
      />
    </div>
  );
}
