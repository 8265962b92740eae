import type { BookTimeline, TimelineMark } from '../api/index.js';
import { useNavigation } from '../navigation.js';

const SOURCE_WORDS: Record<TimelineMark['source'], string> = { outline: 'outline', front_matter: 'front matter', prose: 'prose', timeline_note: 'timeline note' };
const ROW = 34;
const LEFT = 150;
const RIGHT = 16;
const WIDTH = 640;

/**
 * The book's days per chapter: one row per chapter, a dot at its day (red when its outline, front
 * matter and prose disagree, amber when it goes back in time), and below, every statement of the
 * day with a link to its line.
 */
export function TimelineChart({ timeline }: { timeline: BookTimeline }) {
  const navigation = useNavigation();
  const days = Math.max(1, timeline.lastDay);
  const height = ROW * timeline.chapters.length + 30;
  const x = (day: number): number => LEFT + ((day - 0.5) / days) * (WIDTH - LEFT - RIGHT);
  const conflicts = timeline.chapters.filter((chapter) => chapter.conflict).length;
  const summary = `Timeline of ${timeline.chapters.length} chapters over ${timeline.lastDay} days; ${conflicts} chapter${conflicts === 1 ? '' : 's'} where the day is stated differently.`;
  return (
    <figure className="chart" data-testid="timeline-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary} className="chart-svg">
        {Array.from({ length: days }, (_, index) => (
          <g key={index}>
            <line x1={x(index + 1)} x2={x(index + 1)} y1={10} y2={height - 20} className="chart-grid" />
            <text x={x(index + 1)} y={height - 6} className="chart-label" textAnchor="middle">
              Day {index + 1}
            </text>
          </g>
        ))}
        {timeline.chapters.map((chapter, index) => {
          const cy = 10 + index * ROW + ROW / 2;
          return (
            <g key={chapter.path}>
              <text x={LEFT - 8} y={cy + 4} className="chart-label" textAnchor="end">
                {chapter.position}. {chapter.title.length > 18 ? `${chapter.title.slice(0, 17)}…` : chapter.title}
              </text>
              {chapter.marks
                .filter((mark) => mark.source !== 'timeline_note' && mark.day !== chapter.day)
                .map((mark, markIndex) => (
                  <circle key={markIndex} cx={x(Math.min(mark.day, days))} cy={cy} r={5} className="chart-dot-other" />
                ))}
              {chapter.day !== null ? (
                <circle cx={x(chapter.day)} cy={cy} r={8} className={chapter.conflict ? 'chart-dot-conflict' : chapter.goesBack ? 'chart-dot-back' : 'chart-dot'} data-testid="timeline-dot" />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="hint">{summary}</figcaption>
      <table className="data-table">
        <caption>Days per chapter</caption>
        <thead>
          <tr>
            <th scope="col">Chapter</th>
            <th scope="col">Day</th>
            <th scope="col">Where it is stated</th>
          </tr>
        </thead>
        <tbody>
          {timeline.chapters.map((chapter) => (
            <tr key={chapter.path} data-testid={`timeline-row-${chapter.position}`} data-conflict={chapter.conflict}>
              <th scope="row">
                <button type="button" className="file-ref" onClick={() => navigation.openFile(chapter.path)}>
                  {chapter.position}. {chapter.title}
                </button>
              </th>
              <td>
                {chapter.day === null ? '—' : `Day ${chapter.day}${chapter.part ? `, ${chapter.part}` : ''}`}
                {chapter.conflict ? <span className="badge badge-bad"> stated differently</span> : null}
                {chapter.goesBack ? <span className="badge badge-warn"> earlier than the chapter before</span> : null}
              </td>
              <td>
                <ul className="timeline-marks">
                  {chapter.marks.map((mark, index) => (
                    <li key={index}>
                      <span className="hint">{SOURCE_WORDS[mark.source]}:</span>{' '}
                      <button type="button" className="file-ref" onClick={() => navigation.openFile(mark.path, { start: mark.line, end: mark.line })}>
                        “{mark.text.length > 60 ? `${mark.text.slice(0, 59)}…` : mark.text}” (L{mark.line})
                      </button>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
