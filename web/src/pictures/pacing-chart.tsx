import { useNavigation } from '../navigation.js';

/** The parts of a `prose_analyzer` result the chart draws. */
export interface PacingData {
  scene_path: string;
  words: number;
  sentences: { count: number; mean_words: number; max_words: number };
  dialogue: { ratio: number };
  pacing?: {
    trend: 'accelerating' | 'steady' | 'decelerating';
    chunks: Array<{ start_line: number; end_line: number; sentences: number; mean_words: number; dialogue_ratio: number; tempo: 'faster' | 'steady' | 'slower' }>;
  };
  rhythm?: { lengths: number[] };
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 36, right: 8, top: 10, bottom: 58 };
const DIALOGUE_BAND = 26;
const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;

/**
 * A scene's pacing as a picture: the length of every sentence through the scene (bars), the mean
 * of each stretch (a line), and how much of each stretch is dialogue (the band below). The same
 * numbers follow as a table whose rows open their lines.
 */
export function PacingChart({ data }: { data: PacingData }) {
  const navigation = useNavigation();
  const lengths = data.rhythm?.lengths ?? [];
  const chunks = data.pacing?.chunks ?? [];
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const top = Math.max(10, ...lengths, ...chunks.map((chunk) => chunk.mean_words));
  const y = (words: number): number => PAD.top + plotHeight - (words / top) * plotHeight;
  const step = lengths.length > 0 ? plotWidth / lengths.length : plotWidth;
  const totalSentences = Math.max(1, chunks.reduce((sum, chunk) => sum + chunk.sentences, 0));
  let sentenceAt = 0;
  const bands = chunks.map((chunk) => {
    const x = PAD.left + (sentenceAt / totalSentences) * plotWidth;
    const width = (chunk.sentences / totalSentences) * plotWidth;
    sentenceAt += chunk.sentences;
    return { chunk, x, width };
  });
  const summary =
    `Pacing of ${data.scene_path}: ${data.sentences.count} sentences, ${data.sentences.mean_words} words on average (longest ${data.sentences.max_words}); ` +
    `${percent(data.dialogue.ratio)} of the words are dialogue; the scene is ${data.pacing?.trend ?? 'steady'}.`;
  return (
    <figure className="chart" data-testid="pacing-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="chart-svg">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} className="chart-axis" />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotHeight} className="chart-axis" />
        <text x={PAD.left - 4} y={PAD.top + 8} className="chart-label" textAnchor="end">
          {top}
        </text>
        <text x={PAD.left - 4} y={PAD.top + plotHeight} className="chart-label" textAnchor="end">
          0
        </text>
        {lengths.map((words, index) => (
          <rect key={index} x={PAD.left + index * step + step * 0.1} width={Math.max(1, step * 0.8)} y={y(words)} height={PAD.top + plotHeight - y(words)} className="chart-bar" data-testid="sentence-bar" />
        ))}
        {bands.map(({ chunk, x, width }, index) => (
          <g key={index}>
            <line x1={x} x2={x + width} y1={y(chunk.mean_words)} y2={y(chunk.mean_words)} className={`chart-mean tempo-${chunk.tempo}`} />
            <rect x={x} width={Math.max(1, width - 2)} y={HEIGHT - DIALOGUE_BAND - 4} height={DIALOGUE_BAND} className="chart-band" />
            <rect x={x} width={Math.max(1, (width - 2) * chunk.dialogue_ratio)} y={HEIGHT - DIALOGUE_BAND - 4} height={DIALOGUE_BAND} className="chart-dialogue" data-testid="dialogue-bar" />
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - DIALOGUE_BAND - 10} className="chart-label">
          Dialogue share per stretch
        </text>
      </svg>
      <figcaption className="hint">{summary} Bars: words per sentence, in order. Lines: each stretch's mean.</figcaption>
      <table className="data-table">
        <caption>Stretches of the scene</caption>
        <thead>
          <tr>
            <th scope="col">Lines</th>
            <th scope="col">Sentences</th>
            <th scope="col">Mean words</th>
            <th scope="col">Dialogue</th>
            <th scope="col">Tempo</th>
          </tr>
        </thead>
        <tbody>
          {chunks.map((chunk) => (
            <tr key={chunk.start_line}>
              <td>
                <button type="button" className="file-ref" onClick={() => navigation.openFile(data.scene_path, { start: chunk.start_line, end: chunk.end_line })}>
                  L{chunk.start_line}–{chunk.end_line}
                </button>
              </td>
              <td>{chunk.sentences}</td>
              <td>{chunk.mean_words}</td>
              <td>{percent(chunk.dialogue_ratio)}</td>
              <td>{chunk.tempo}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
