import { useEffect, useId, useRef, useState } from 'react';
import type { ImportJob } from '../../../src/protocol/imports.js';
import { describeError } from '../api/index.js';
import { Notice } from '../common/index.js';
import { useNavigation } from '../navigation.js';
import { filesOfFolder, importJob, importJobs, startImport, type ChosenFile } from './import-api.js';
import { ImportReportView } from './import-report.js';

const POLL_MS = 400;

interface Choice {
  name: string;
  files: ChosenFile[];
  bytes: number;
}

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function choiceOf(files: ChosenFile[]): Choice | null {
  if (files.length === 0) return null;
  const top = files[0]!.path.split('/')[0] ?? files[0]!.path;
  return { name: top, files, bytes: files.reduce((sum, item) => sum + item.file.size, 0) };
}

function progressLine(job: ImportJob): string {
  const progress = job.progress;
  if (!progress) return `Sent ${job.files} file${job.files === 1 ? '' : 's'} (${sizeOf(job.bytes)}); starting…`;
  const verb = progress.phase === 'reading' ? 'Reading' : 'Writing';
  if (progress.current === null) return `${verb}: ${progress.done} of ${progress.total} done.`;
  return `${verb} ${Math.min(progress.done + 1, progress.total)} of ${progress.total}: ${progress.current}`;
}

/**
 * Import the writer's book from the web app: a `.docx`, or a folder (an Obsidian vault, a folder of
 * chapters, a Scrivener `.scriv` project), with progress, then the report and a way into the
 * manuscript. Importing the same document or folder again updates what it wrote before.
 */
export function ImportPanel({ onImported }: { onImported: () => void }) {
  const navigation = useNavigation();
  const docxId = useId();
  const folderId = useId();
  const folderInput = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const running = sending || job?.status === 'running';

  useEffect(() => {
    // React has no prop for a folder picker; the attribute is set on the element itself.
    folderInput.current?.setAttribute('webkitdirectory', '');
    // An import started before the writer left this screen is followed again on return.
    let current = true;
    importJobs().then(
      (jobs) => {
        const running = jobs.find((item) => item.status === 'running');
        if (current && running) setJob((shown) => shown ?? running);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (job?.status !== 'running') return;
    const timer = window.setTimeout(() => {
      importJob(job.job_id).then(
        (next) => {
          setJob(next);
          if (next.status === 'done') onImported();
        },
        (error: unknown) => setProblem(describeError(error)),
      );
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [job, onImported]);

  const choose = (files: ChosenFile[]): void => {
    setProblem(null);
    setChoice(choiceOf(files));
  };
  const start = async (): Promise<void> => {
    if (!choice) return;
    setProblem(null);
    setSending(true);
    try {
      setJob(await startImport(choice.files));
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setSending(false);
    }
  };
  const chapters = job?.report?.items.filter((item) => item.kind === 'chapter' && item.action !== 'removed') ?? [];

  return (
    <div className="import subpanel">
      <h3>Import a book</h3>
      <p className="hint">
        Choose a Word document or a folder. The folder can be an Obsidian vault, a folder of Markdown or text chapters, or a Scrivener project (.scriv). Your files
        are only read; importing the same document or folder again updates the workspace instead of duplicating it.
      </p>
      <form
        className="import-form"
        aria-label="Import a book"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <p>
          <label htmlFor={docxId}>A Word document (.docx)</label>{' '}
          <input
            id={docxId}
            type="file"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            data-testid="import-docx"
            disabled={running}
            onChange={(event) => choose([...(event.target.files ?? [])].map((file) => ({ path: file.name, file })))}
          />
        </p>
        <p>
          <label htmlFor={folderId}>Or a folder (a vault, chapters, or a .scriv project)</label>{' '}
          <input
            id={folderId}
            ref={folderInput}
            type="file"
            multiple
            data-testid="import-folder"
            disabled={running}
            onChange={(event) => choose(filesOfFolder(event.target.files ?? []))}
          />
        </p>
        {choice ? (
          <p className="hint" data-testid="import-choice">
            {choice.name}: {choice.files.length} file{choice.files.length === 1 ? '' : 's'}, {sizeOf(choice.bytes)}
          </p>
        ) : null}
        <button type="submit" className="primary-button" disabled={!choice || running}>
          Import
        </button>
      </form>
      {problem ? (
        <Notice tone="bad" title="Not imported">
          {problem}
        </Notice>
      ) : null}
      <div aria-live="polite" data-testid="import-status" data-status={job?.status ?? (sending ? 'sending' : 'idle')}>
        {sending ? <p>Sending {choice?.name}…</p> : null}
        {job?.status === 'running' ? (
          <p>
            <label>
              {progressLine(job)}{' '}
              <progress max={Math.max(1, job.progress?.total ?? 1)} value={job.progress?.done ?? 0} data-testid="import-progress" />
            </label>
          </p>
        ) : null}
        {job?.status === 'failed' && job.error ? (
          <Notice tone="bad" title="The import failed">
            {job.error.message} ({job.error.code})
          </Notice>
        ) : null}
        {job?.status === 'done' ? <Notice tone="info" title={`Imported ${job.name}`} /> : null}
      </div>
      {job?.status === 'done' && job.report ? (
        <>
          {chapters[0] ? (
            <p>
              <button type="button" className="link-button" data-testid="import-open-manuscript" onClick={() => navigation.openFile(chapters[0]!.path)}>
                Open the manuscript at the first chapter
              </button>
            </p>
          ) : null}
          <ImportReportView report={job.report} />
        </>
      ) : null}
    </div>
  );
}
