import { useEffect, useId, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { AudioArtifact } from '../api/index.js';
import { LoadError, Notice, Pill } from '../common/index.js';
import { useAsync } from '../use-async.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function duration(ms: number | null): string {
  if (ms === null) return 'length unknown';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** When a clip goes, in words: pinned clips stay. */
function expiry(clip: AudioArtifact, now: number): string {
  if (clip.pinned) return 'kept (pinned)';
  const left = Math.ceil((Date.parse(clip.expires_at) - now) / DAY_MS);
  if (Number.isNaN(left)) return `expires ${clip.expires_at}`;
  if (left <= 0) return 'expired: removed at the next cleanup';
  return `removed in ${left} day${left === 1 ? '' : 's'} (${new Date(clip.expires_at).toLocaleDateString()})`;
}

/** Plays a clip once asked: its bytes are fetched through the API client (with the access token, if any). */
function ClipPlayer({ clip }: { clip: AudioArtifact }) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  const name = clip.path.split('/').at(-1) ?? clip.audio_id;
  if (url) return <audio controls autoPlay src={url} aria-label={`Play ${name}`} data-testid="clip-audio" />;
  return (
    <>
      <button
        type="button"
        className="small-button"
        onClick={() =>
          api.audioBlob(clip.audio_id).then(
            (blob) => setUrl(URL.createObjectURL(blob)),
            (error: unknown) => setProblem(describeError(error)),
          )
        }
      >
        Play {name}
      </button>
      {problem ? <Notice tone="bad" title="Cannot play">{problem}</Notice> : null}
    </>
  );
}

/** Audio clips: upload one, play it, pin it so cleanups keep it, and see when each expires. */
export function AudioPanel() {
  const [serial, setSerial] = useState(0);
  const clips = useAsync(() => api.audioClips(), [serial]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = useId();
  const now = Date.now();

  const act = async (work: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      setSerial((value) => value + 1);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="audio">
      <form className="inline-form" aria-label="Upload a clip" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={fileId}>Upload a clip (WAV, Ogg, FLAC, MP3, WebM or M4A)</label>
        <input
          id={fileId}
          type="file"
          accept="audio/*,.wav,.ogg,.opus,.flac,.mp3,.webm,.m4a"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void act(() => api.uploadAudio(file));
          }}
        />
      </form>
      {busy ? <p className="hint" role="status">Working…</p> : null}
      {problem ? <Notice tone="bad" title="Not done">{problem}</Notice> : null}
      <LoadError error={clips.error} />
      {clips.data && clips.data.length === 0 ? <p className="hint">No clips yet.</p> : null}
      <ul className="audio-list">
        {(clips.data ?? []).map((clip) => (
          <li key={clip.audio_id} className="audio-clip" data-testid={`clip-${clip.audio_id}`} data-pinned={clip.pinned}>
            <div className="issue-facts">
              <strong>{clip.path.split('/').at(-1)}</strong>
              <span className="hint">
                {clip.container}/{clip.codec} · {duration(clip.duration_ms)} · {Math.ceil(clip.size_bytes / 1024)} KB
              </span>
              {clip.pinned ? <Pill tone="info">Pinned</Pill> : null}
              <span className="hint" data-testid="clip-expiry">{expiry(clip, now)}</span>
            </div>
            <ClipPlayer clip={clip} />
            <button type="button" className="small-button" disabled={busy} onClick={() => void act(() => api.pinAudio(clip.audio_id, !clip.pinned))}>
              {clip.pinned ? 'Unpin' : 'Pin'}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
