import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { ChartRow, ChartSeries } from './history-chart'

/** Colours apart in hue and lightness, and a dash pattern each, so lines differ without colour too. */
const LINE_STYLES = [
  { stroke: '#1d6645', dash: undefined },
  { stroke: '#0b57a4', dash: '6 3' },
  { stroke: '#8a4f00', dash: '2 3' },
  { stroke: '#5b3b9b', dash: '10 4 2 4' },
  { stroke: '#b02a20', dash: '12 6' },
] as const

/** The drawing of a history chart (recharts); its figure gives the caption and the data table. */
export default function HistoryChartCanvas({
  rows,
  series,
  domain,
}: {
  rows: ChartRow[]
  series: ChartSeries[]
  domain?: [number, number]
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#d3d9d5" />
        <XAxis dataKey="label" tick={{ fill: '#47514b', fontSize: 12 }} />
        <YAxis
          domain={domain ?? [0, 'auto']}
          allowDecimals={false}
          tick={{ fill: '#47514b', fontSize: 12 }}
        />
        <Tooltip />
        <Legend />
        {series.map((line, index) => {
          const look = LINE_STYLES[index % LINE_STYLES.length]
          return (
            <Line
              key={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.label}
              stroke={look?.stroke}
              strokeDasharray={look?.dash}
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
            />
          )
        })}
      </LineChart>
    </ResponsiveContainer>
  )
}
