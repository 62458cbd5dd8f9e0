import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { formatMoney } from '../../../lib/format.ts';

// Only the parts a bar chart needs, so the chunk stays small (decision 020).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** Revenue per day (bars) with the order count in the tooltip. */
export function DailyChart({ days }: { days: { date: string; revenue: number; orders: number }[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days.map((day) => day.date.slice(5)),
        datasets: [{ label: 'Revenue', data: days.map((day) => day.revenue), backgroundColor: '#b4472a' }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value)) } } },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => {
                const day = days[item.dataIndex];
                return day ? `${formatMoney(day.revenue)} · ${day.orders} orders` : '';
              },
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);

  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const best = days.reduce<(typeof days)[number] | undefined>(
    (top, day) => (!top || day.revenue > top.revenue ? day : top),
    undefined,
  );
  const summary = `Revenue per day over the last ${days.length} days: ${formatMoney(total)} in all${best ? `, highest on ${best.date} (${formatMoney(best.revenue)})` : ''}.`;
  return (
    <div style={{ position: 'relative', height: 260 }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
