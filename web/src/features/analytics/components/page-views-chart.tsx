import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';

/** `YYYYMMDD` (a business day) as a short label: the date as written, whatever the browser's zone. */
const dayLabel = (date: string) =>
  new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Page views per day (Cloudscape's chart, loaded with this screen only: analytics-page.tsx imports it lazily). */
export function PageViewsChart({ days }: { days: { date: string; views: number }[] }) {
  const data = days.map((d) => ({ x: dayLabel(d.date), y: d.views }));
  return (
    <BarChart
      series={[{ title: 'Page views', type: 'bar', data }]}
      xDomain={data.map((d) => d.x)}
      xScaleType="categorical"
      xTitle="Day"
      yTitle="Page views"
      height={220}
      hideFilter
      ariaLabel="Page views per day"
      empty={
        <Box textAlign="center" color="inherit">
          No page views in this range
        </Box>
      }
      i18nStrings={{ xTickFormatter: (x) => String(x), yTickFormatter: (y) => String(y) }}
    />
  );
}
