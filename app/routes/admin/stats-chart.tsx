import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import { dateTimeFormat } from '#common/intl.ts'
import { useTranslation } from '../../i18n.ts'

/** A statistics day (a UTC day) as the page's language writes it: "2 déc. 2026", "Dec 2, 2026". */
export const statsDay = (language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })

interface ChartSeries {
  label: string
  color: string
  values: number[]
}

/**
 * A line chart of daily figures (uPlot, loaded with the first chart only). The figures are in the
 * table below it too, for screen readers and for copying. Its days read in the page's language, on
 * the axis and in the legend: uPlot's own are English ("Time", "11/3").
 */
export function StatsChart({
  title,
  days,
  series,
  format,
}: {
  title: string
  /** The days, YYYY-MM-DD. */
  days: string[]
  series: ChartSeries[]
  format?: (value: number) => string
}) {
  const { t, i18n } = useTranslation()
  const dayLabel = t('console.stats.groups.day')
  const language = i18n.language
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    let plot: uPlot | undefined
    let cancelled = false
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: 220 }))
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
      const tick = dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
      const day = statsDay(language)
      plot = new UPlot(
        {
          width: element.clientWidth,
          height: 220,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          series: [
            {
              label: dayLabel,
              value: (_: uPlot, v: number | null) => (v == null ? '—' : day.format(v * 1000)),
            },
            ...series.map((s) => ({
              label: s.label,
              stroke: s.color,
              width: 2,
              points: { show: days.length <= 45 },
              value: format ? (_: uPlot, v: number | null) => (v == null ? '—' : format(v)) : undefined,
            })),
          ],
          axes: [
            { values: (_: uPlot, ticks: number[]) => ticks.map((v) => tick.format(v * 1000)) },
            { values: format ? (_: uPlot, ticks: number[]) => ticks.map(format) : undefined, size: 70 },
          ],
        },
        [xs, ...series.map((s) => s.values)],
        element,
      )
      observer.observe(element)
    })
    return () => {
      cancelled = true
      observer.disconnect()
      plot?.destroy()
    }
  }, [days, series, format, dayLabel, language])
  return (
    <figure className="mb-4">
      <figcaption className="h6">{title}</figcaption>
      <div ref={box} className="stats-chart" role="img" aria-label={title} />
    </figure>
  )
}
