import { useLingui } from '@lingui/react/macro';
import type { ProjectCard } from '../../../api/generated/project-service';
import { Chart } from '../../../components/charts/chart';
import { formatWholeNumber } from '../../../i18n/plain-format';
import { RISK_CLASSES, RISK_COLOURS, type RiskClass } from '../../../components/charts/risk-classes';
import { RISK_LABELS } from '../../../components/charts/risk-labels';

type Question = ProjectCard['questions'][number];

export const QUESTION_RESULTS_HEIGHT = 220;

/** A question's results by chart class: Countermeasure and Admission count as High, as in the overall results. */
export const questionClassCounts = (q: Question): Record<RiskClass, number> => ({
  hr: q.hrCount + q.cmCount + q.adCount,
  pr: q.prCount,
  ar: q.arCount,
  lr: q.lrCount,
  nc: q.ncCount,
});

/** "Question Results": one stacked bar per question, Q1..Qn. */
export function QuestionResultsChart({
  questions,
  projectName,
}: {
  questions: readonly Question[];
  projectName: string;
}) {
  const { t, i18n } = useLingui();
  const categories = questions.map((_, index) => `Q${index + 1}`);
  const counts = questions.map(questionClassCounts);
  return (
    <Chart
      type="bar"
      height={QUESTION_RESULTS_HEIGHT}
      series={RISK_CLASSES.map((risk) => ({ name: i18n._(RISK_LABELS[risk]), data: counts.map((c) => c[risk]) }))}
      options={{
        chart: { stacked: true },
        colors: RISK_CLASSES.map((risk) => RISK_COLOURS[risk]),
        xaxis: { categories },
        yaxis: { labels: { formatter: (value: number) => formatWholeNumber(Math.round(value), i18n.locale) } },
        dataLabels: { enabled: false },
        legend: { show: false },
        plotOptions: { bar: { columnWidth: '60%' } },
      }}
      summary={{
        caption: t`Question results of ${projectName}`,
        rows: categories.map((label, i) => ({
          label,
          value: RISK_CLASSES.map((risk) => `${i18n._(RISK_LABELS[risk])} ${counts[i]![risk]}`).join(', '),
        })),
      }}
    />
  );
}
